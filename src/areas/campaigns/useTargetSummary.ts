import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { sectionSummary } from '../../../engine/form/sectionSummary';
import { findOptionSources, pointerTokens, resolveParams, type LookupSession } from '../../../engine/lookup';
import type { SchemaEntry } from '../../../engine/schema/SchemaCatalog';
import { useTranslator } from '../../../engine/i18n/TranslatorContext';
import { localizeUiSchema } from '../../../engine/i18n/schemaTexts';
import { useStores } from '../../app/context';
import { useLookupContext } from '../../common/useLookupContext';

type Node = Record<string, unknown>;
const node = (v: unknown): Node => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Node) : {});

/**
 * A campaign's targets in words, as the form's closed sections say them: the chosen countries, cities, sites...
 * by name (looked up like the form does, the names arriving after the ids), "all except …" for an exclude list,
 * the options picked by their translated titles.
 */
export function useTargetSummary(model: Node) {
  const intl = useIntl();
  const { catalog } = useStores();
  const translator = useTranslator();
  // The campaign form's schema names the fields and where their ids are looked up (no widgets are loaded for it).
  const [entry, setEntry] = useState<SchemaEntry | null>(() => catalog.peek('campaigns_campaign') ?? null);
  useEffect(() => {
    let live = true;
    catalog.load('campaigns_campaign').then((e) => live && setEntry(e), () => undefined);
    return () => {
      live = false;
    };
  }, [catalog]);
  const values = useMemo(() => ({ values: model }), [model]);
  const { lookups, labelOf } = useLookupContext(values);
  const ui = useMemo(() => (entry ? node(translator ? localizeUiSchema(entry, translator) : entry.uiSchema) : {}), [entry, translator]);

  useEffect(() => {
    if (!entry) return;
    const sessions: LookupSession[] = [];
    for (const { path, source } of findOptionSources(node(entry.uiSchema).targets, '/targets')) {
      const ids = pointerTokens(path).reduce<unknown>((v, key) => node(v)[key], model);
      if (!Array.isArray(ids) || !ids.length) continue;
      const session = lookups.session(source, () => resolveParams(source, model));
      session.start();
      session.ensureLabels(ids);
      sessions.push(session);
    }
    return () => sessions.forEach((s) => s.dispose());
  }, [entry, model, lookups]);

  const targetSchemas = node(node(entry?.schema.properties).targets).properties as Node | undefined;
  return (id: string, title: string, value: Node): string => {
    const schema = node(targetSchemas?.[id]);
    const { accept, ...rest } = value;
    const said = sectionSummary(schema, node(node(ui.targets)[id]), rest, { yes: intl.formatMessage({ id: 'campaign.target.yes' }), no: intl.formatMessage({ id: 'campaign.target.no' }) }, labelOf, title);
    return accept === false && said ? intl.formatMessage({ id: 'campaign.target.exceptList' }, { list: said }) : said;
  };
}

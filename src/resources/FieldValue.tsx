import { Fragment, useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { Tag } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import { parseOptionSourceOnce } from '../../engine/lookup/useOptionSource';
import { useLoader } from '../../engine/state/useLoader';
import { useLookupContext } from '../common/useLookupContext';
import { useMoney } from '../common/useMoney';
import type { ResourceField, ResourceManifest } from '../../engine/resource/manifest';
import { formatCell } from '../../engine/table/formatCell';
import { httpUrl } from '../../engine/media/safeUrl';
import { useResourceText } from './useResource';

/** A field's value by a dotted path (`last_test.outcome`). */
export function fieldValue(row: Record<string, unknown> | null | undefined, path: string): unknown {
  let value: unknown = row;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

const NO_VALUES = { values: {} };

/** The labels of a field's values from its option source (the lookup the form picks them with); null until loaded. */
function useSourceLabels(source: object | undefined): ReadonlyMap<string, string> | null {
  const { lookups } = useLookupContext(NO_VALUES);
  const load = useCallback(() => lookups.load(parseOptionSourceOnce(source)), [lookups, source]);
  const { data } = useLoader(source ? load : null);
  return useMemo(() => (data ? new Map(data.map((o) => [String(o.value), o.label])) : null), [data]);
}

/** A status as a coloured tag with its label (the manifest's `statuses`). */
export function StatusTag({ manifest, status }: { manifest: ResourceManifest; status: string }) {
  const t = useResourceText(manifest);
  const known = manifest.statuses?.[status];
  if (!known) return <Tag minimal>{status}</Tag>;
  return (
    <Tag minimal intent={known.intent === 'none' ? undefined : known.intent}>
      {t(`statuses.${status}.title`, known.title)}
    </Tag>
  );
}

/**
 * One field of an object (a view row, an action's result) shown by its type: a status tag, a safe link, yes/no,
 * a joined list (each value a link where the field has a route), a label of a known value (from the manifest, or from the field's option source), money in the
 * network's currency, a date or number in the user's locale; a dash when missing.
 * `path` is where the field sits in the manifest, for its translations (`view.fields.<id>`).
 */
export function FieldValue({ manifest, field, row, path }: { manifest: ResourceManifest; field: ResourceField; row: Record<string, unknown> | null; path: string }) {
  const intl = useIntl();
  const t = useResourceText(manifest);
  const labels = useSourceLabels(field.source);
  const money = useMoney();
  const value = fieldValue(row, field.id);
  if (value === undefined || value === null || value === '') return <span aria-label={intl.formatMessage({ id: 'resources.none' })}>—</span>;
  switch (field.type) {
    case 'status':
      return <StatusTag manifest={manifest} status={String(value)} />;
    case 'boolean':
      return <>{intl.formatMessage({ id: value ? 'resources.yes' : 'resources.no' })}</>;
    case 'url': {
      const href = httpUrl(value)?.href;
      return href ? (
        <a href={href} target="_blank" rel="noopener noreferrer nofollow">
          {String(value)}
        </a>
      ) : (
        <>{String(value)}</>
      );
    }
    case 'list':
      return (
        <>
          {(Array.isArray(value) ? value : [value]).map((v, i) => (
            <Fragment key={i}>
              {i > 0 && ', '}
              {item(v)}
            </Fragment>
          ))}
        </>
      );
    case 'text':
      return <>{item(value)}</>;
    case 'money':
    case 'cost':
      return <>{money(String(value), field.type)}</>;
    default:
      return <>{formatCell({ id: field.id, title: field.title, type: field.type, total: 'none' }, value, intl.locale)}</>;
  }

  /** A value (or an `{ id, name }` object) by its label, linking to the field's route if it has one. */
  function item(v: unknown) {
    const named = v !== null && typeof v === 'object' ? (v as { id?: unknown; name?: unknown }) : null;
    const id = named ? named.id : v;
    const text = named ? String(named.name ?? named.id) : label(v);
    if (!field.route) return text;
    return <Link to={field.route.replaceAll('{id}', encodeURIComponent(String(id)))}>{text}</Link>;
  }

  function label(v: unknown): string {
    const text = String(v);
    const english = field.options?.[text];
    if (english) return t(`${path}.options.${text}`, english);
    return labels?.get(text) ?? text;
  }
}

import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button, H2, NonIdealState } from '@blueprintjs/core';
import { Lock } from '@blueprintjs/icons';
import { FormStore, type FormValues } from '../../engine/form/FormStore';
import { SchemaForm } from '../../engine/form/SchemaForm';
import type { SchemaEntry } from '../../engine/schema/SchemaCatalog';
import type { ResourceManifest } from '../../engine/resource/manifest';
import { ResourceItemStore, rowText, type ResourceRow } from '../../engine/resource/ResourceStore';
import { theme } from '../../widgets';
import { useStores } from '../app/context';
import { toast } from '../app/toast';
import { SchemaEntryGate } from '../common/SchemaEntryGate';
import { useLookupContext } from '../common/useLookupContext';
import { StatusTag } from './FieldValue';
import { ItemGate } from './ResourceView';
import { RouterAnchorButton } from '../shell/RouterAnchorButton';
import { useResourceText } from './useResource';
import { textOr } from '../i18n/textOr';
import { pathOf } from './paths';
import styles from './resources.module.css';

const UNTITLED = { 'ui:title': '' };

/** The fields of an object the form edits (those its schema declares). */
function formValues(row: ResourceRow, entry: SchemaEntry): FormValues {
  const fields = Object.keys(entry.schema.properties ?? {});
  return Object.fromEntries(fields.filter((f) => row[f] !== undefined && row[f] !== null).map((f) => [f, row[f]]));
}

/**
 * What a link into the create page fills in (`/invoices/create?amount=5000.00`): the query's values of the schema's
 * top-level text fields. The form's validation judges them like typed input.
 */
export function prefillOf(search: URLSearchParams, entry: SchemaEntry): FormValues {
  const out: FormValues = {};
  for (const [field, node] of Object.entries(entry.schema.properties ?? {})) {
    const value = search.get(field);
    if (value !== null && typeof node === 'object' && node.type === 'string') out[field] = value;
  }
  return out;
}

const Form = observer(function Form({ manifest, entry, items, id }: { manifest: ResourceManifest; entry: SchemaEntry; items: ResourceItemStore; id?: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const t = useResourceText(manifest);
  const store = useMemo(
    () => {
      const form = new FormStore<ResourceRow>(entry, {
        initial: id !== undefined && items.row ? formValues(items.row, entry) : undefined,
        submit: (values) => items.save(values, id),
        // What a user typed into a new object survives a reload or a wrong click until it is created.
        draftKey: id === undefined ? `resource.${manifest.id}.create` : undefined,
      });
      // A link that fills fields in (another page's "create one with this amount") wins over an older draft.
      const prefill = id === undefined ? prefillOf(search, entry) : {};
      if (Object.keys(prefill).length) form.patch(prefill);
      return form;
    },
    // The form starts from the object as loaded (or the link) when the page opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [entry, items, id, manifest.id],
  );
  const formContext = useLookupContext(store);
  const saved = store.result;
  useEffect(() => {
    if (!saved) return;
    const name = rowText(saved, manifest.api.nameField ?? 'name');
    const message = id === undefined ? manifest.texts.created : manifest.texts.updated;
    if (message) toast(t(id === undefined ? 'texts.created' : 'texts.updated', message, { name }), 'success');
    const savedId = rowText(saved, manifest.api.idField ?? 'id');
    navigate(manifest.routes.view && savedId ? pathOf(manifest.routes.view, savedId) : manifest.routes.list);
  }, [saved, manifest, id, navigate, t]);
  useEffect(() => () => store.dispose(), [store]);
  // The form's own submit text (its UI schema's, translated) when it has one; else Create or Save.
  const ownSubmit = (entry.uiSchema['ui:submitButtonOptions'] as { submitText?: string } | undefined)?.submitText;
  const submitText = ownSubmit ? textOr(intl, `schema.${entry.id}.submit`, ownSubmit) : intl.formatMessage({ id: id === undefined ? 'resources.create' : 'resources.save' });
  return (
    // The page's heading names the form: the schema's own title is not repeated. Children replace RJSF's submit
    // button, so that Cancel sits beside it.
    <SchemaForm store={store} theme={theme} formContext={formContext} uiPatch={UNTITLED}>
      <div className={styles.formButtons}>
        <Button type="submit" intent="primary" loading={store.submitting} text={submitText} />
        <Button text={intl.formatMessage({ id: 'resources.cancel' })} disabled={store.submitting} onClick={() => navigate(-1)} />
      </div>
    </SchemaForm>
  );
});

/**
 * The create or edit page of any resource: the manifest's form schema (precompiled, with its UI schema), filled with
 * the object when editing; the server's field errors appear under their fields (API keys mapped by `errorKeys`);
 * success says so and opens the object's view (or the list).
 */
export const ResourceForm = observer(function ResourceForm({ manifest, id }: { manifest: ResourceManifest; id?: string }) {
  const { api } = useStores();
  const t = useResourceText(manifest);
  const [items] = useState(() => new ResourceItemStore(manifest, api));
  useEffect(() => {
    if (id !== undefined) void items.load(id);
    return () => items.dispose();
  }, [items, id]);
  const form = manifest.form;
  if (!form) return null;
  const heading = id === undefined ? t('texts.create', manifest.texts.create ?? manifest.item) : t('texts.edit', manifest.texts.edit ?? manifest.item);
  const body = <SchemaEntryGate id={form.schema}>{(entry) => <Form manifest={manifest} entry={entry} items={items} id={id} />}</SchemaEntryGate>;
  const edit = () => (items.editable ? body : <NotEditable manifest={manifest} items={items} id={id!} />);
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <H2>{heading}</H2>
      </header>
      <div className={styles.form}>{id === undefined ? body : <ItemGate manifest={manifest} items={items}>{edit}</ItemGate>}</div>
    </section>
  );
});

/** The edit page of an object whose status does not allow editing (`form.statuses`): why, and the way back. */
function NotEditable({ manifest, items, id }: { manifest: ResourceManifest; items: ResourceItemStore; id: string }) {
  const intl = useIntl();
  const t = useResourceText(manifest);
  const status = rowText(items.row, manifest.api.statusField ?? 'status');
  const name = rowText(items.row, manifest.api.nameField ?? 'name') || `#${id}`;
  const allowed = (manifest.form?.statuses ?? []).map((s) => t(`statuses.${s}.title`, manifest.statuses?.[s]?.title ?? s));
  return (
    <NonIdealState
      icon={<Lock size={48} />}
      title={intl.formatMessage({ id: 'resources.notEditable' }, { name })}
      description={
        <>
          <p>
            {intl.formatMessage({ id: 'resources.notEditableStatus' })} <StatusTag manifest={manifest} status={status} />
          </p>
          <p>{intl.formatMessage({ id: 'resources.editableIn' }, { statuses: intl.formatList(allowed, { type: 'disjunction' }) })}</p>
        </>
      }
      action={
        <RouterAnchorButton
          to={manifest.routes.view ? pathOf(manifest.routes.view, id) : manifest.routes.list}
          text={manifest.routes.view ? intl.formatMessage({ id: 'resources.backTo' }, { name }) : intl.formatMessage({ id: 'resources.back' }, { list: t('title', manifest.title) })}
        />
      }
    />
  );
}

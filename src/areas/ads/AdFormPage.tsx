import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { observer } from 'mobx-react-lite';
import { reaction, toJS } from 'mobx';
import { useIntl } from 'react-intl';
import { Button, Callout, Card, H2, NonIdealState, Spinner } from '@blueprintjs/core';
import { Error as ErrorIcon } from '@blueprintjs/icons';
import type { AdFormatInfo, AdView, KeywordCheck } from '../../../generated/types';
import { FormStore, type FormValues } from '../../../engine/form/FormStore';
import { SchemaForm } from '../../../engine/form/SchemaForm';
import { FormActionBar } from '../../../widgets/formActions';
import { fieldsWithOption, textsAt } from '../../../engine/form/uiFields';
import type { SchemaEntry } from '../../../engine/schema/SchemaCatalog';
import { theme } from '../../../widgets';
import { useStores } from '../../app/context';
import { useRouteMeta } from '../../app/routeMeta';
import { toast } from '../../app/toast';
import { SchemaEntryGate } from '../../common/SchemaEntryGate';
import { useLookupContext } from '../../common/useLookupContext';
import { useAdFormats } from '../../common/adFormats';
import { AdStore, duplicateModel } from './AdStore';
import { FormatChooser } from '../../common/FormatChooser';
import { FormatHeading } from '../../common/FormatHeading';
import { useAdMedia } from './useAdMedia';
import { useCreativeTokens } from './useCreativeTokens';
import { AdPreviewPanel } from './AdPreviewPanel';
import { useFieldLabel } from './fieldLabel';
import styles from '../../common/AdFormPage.module.css';
import layout from '../../common/adLayout.module.css';

type Mode = 'create' | 'edit' | 'duplicate';

/** How long typing rests before the creative texts are checked for traffic-reducing words. */
const KEYWORD_DELAY_MS = 600;

/** Warnings of the keyword check: field path → the words found. */
function useKeywordCheck(store: FormStore<AdView>, entry: SchemaEntry) {
  const { api } = useStores();
  const [warnings, setWarnings] = useState<KeywordCheck | null>(null);
  const fields = useMemo(() => fieldsWithOption(entry.uiSchema, 'keywordCheck'), [entry]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;
    const dispose = reaction(
      () => JSON.stringify(textsAt(store.values, fields)),
      (key) => {
        clearTimeout(timer);
        controller?.abort();
        const fields = Object.fromEntries((JSON.parse(key) as { field: string; text: string }[]).filter((t) => t.text.trim()).map((t) => [t.field, t.text]));
        if (!Object.keys(fields).length) return setWarnings(null);
        timer = setTimeout(() => {
          controller = new AbortController();
          api
            .post<{ data: KeywordCheck }>('ads/validate-keywords', { fields }, { signal: controller.signal, silent: true })
            .then(({ data }) => setWarnings(Object.keys(data.fields).length ? data : null))
            .catch(() => undefined); // A lost check is no reason to bother the user: the server scans again on save.
        }, KEYWORD_DELAY_MS);
      },
      { fireImmediately: true },
    );
    return () => {
      dispose();
      clearTimeout(timer);
      controller?.abort();
    };
  }, [api, store, fields]);
  return warnings;
}

const AdForm = observer(function AdForm({ entry, format, mode, ad, initial }: { entry: SchemaEntry; format: AdFormatInfo; mode: Mode; ad: AdView | null; initial: FormValues | undefined }) {
  const intl = useIntl();
  const { api } = useStores();
  const navigate = useNavigate();
  const media = useAdMedia();
  const store = useMemo(
    () =>
      new FormStore<AdView>(entry, {
        initial,
        // Editing sends PUT only for an existing ad; a duplicate (or a new ad) is created.
        submit: async (values) =>
          mode === 'edit' && ad
            ? (await api.put<{ data: AdView }>(`ads/${ad.id}`, { format: format.id, ...values }, { silent: true })).data
            : (await api.post<{ data: AdView }>('ads', { format: format.id, ...values }, { silent: true })).data,
        // What was typed into a new ad survives a reload or a lost connection.
        draftKey: mode === 'create' ? `ad-draft:${format.id}` : undefined,
      }),
    [entry, format, mode, ad, initial, api],
  );
  const lookups = useLookupContext(store);
  const tokens = useCreativeTokens();
  const formContext = useMemo(() => ({ ...lookups, media, tokens }), [lookups, media, tokens]);
  const warnings = useKeywordCheck(store, entry);
  const fieldLabel = useFieldLabel(entry.id);
  const saved = store.result;
  useEffect(() => {
    if (!saved) return;
    toast(intl.formatMessage({ id: mode === 'edit' ? 'adForm.saved' : 'adForm.created' }), 'success');
    navigate(`/ads/${saved.id}`);
  }, [saved, mode, intl, navigate]);

  return (
    <div className={layout.columns}>
      <Card className={styles.form}>
        {warnings ? (
          <Callout intent="warning" title={warnings.message} className={styles.warning}>
            <ul>
              {Object.entries(warnings.fields).map(([field, words]) => (
                <li key={field}>
                  {fieldLabel(field)}: {words?.join(', ')}
                </li>
              ))}
            </ul>
          </Callout>
        ) : null}
        <SchemaForm
          store={store}
          theme={theme}
          formContext={formContext}
          submitText={false}
        >
          {/* Creatives make a long form: Save stays in sight at the foot of the screen. */}
          <FormActionBar
            store={store}
            submitText={intl.formatMessage({ id: mode === 'edit' ? 'adForm.save' : 'adForm.create' })}
            attentionText={(count) => intl.formatMessage({ id: 'form.attention' }, { count })}
          />
        </SchemaForm>
      </Card>
      <AdPreviewPanel kind={format.preview} values={store.values} media={(id) => media.get(id)} />
    </div>
  );
});

/** /ads/create, /ads/:id/edit and /ads/:id/duplicate: the format first, then its form beside a live preview. */
const AdFormPage = observer(function AdFormPage() {
  const intl = useIntl();
  const { api } = useStores();
  const route = useRouteMeta();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const formats = useAdFormats();
  const mode: Mode = route?.id === 'adEdit' ? 'edit' : route?.id === 'adDuplicate' ? 'duplicate' : 'create';
  const id = Number(params.id);
  const [adStore] = useState(() => (mode === 'create' ? null : new AdStore(api, id)));
  useEffect(() => {
    void adStore?.load();
    return () => adStore?.loader.abort();
  }, [adStore]);
  const ad = adStore?.ad ?? null;

  const formatId = ad?.format ?? search.get('format');
  const format = formats?.find((f) => f.id === formatId);
  const initial = useMemo(() => {
    if (!ad) return undefined;
    // Plain data for the form (the store's ad is observable; the form copies its starting values).
    const model = toJS(ad.model);
    return mode === 'duplicate' ? duplicateModel(model, intl.formatMessage({ id: 'adForm.copyName' }, { name: ad.name })) : model;
  }, [ad, mode, intl]);

  if (adStore && (adStore.status === 'missing' || adStore.status === 'error')) {
    return (
      <NonIdealState
        icon={<ErrorIcon size={48} />}
        title={intl.formatMessage({ id: adStore.status === 'missing' ? 'ad.missing' : 'ad.loadFailed' })}
        action={adStore.status === 'error' ? <Button onClick={() => void adStore.load()}>{intl.formatMessage({ id: 'ads.retry' })}</Button> : undefined}
      />
    );
  }
  if (!formats || (adStore && !ad)) return <Spinner aria-label={intl.formatMessage({ id: 'app.loading' })} />;

  const heading = intl.formatMessage({ id: `adForm.title.${mode}` }, { name: ad?.name ?? '' });
  if (!format) {
    if (ad) {
      // A saved ad of a format this network no longer sells: it can be viewed, not edited.
      return <NonIdealState icon={<ErrorIcon size={48} />} title={intl.formatMessage({ id: 'adForm.formatGone' })} />;
    }
    return (
      <section className={layout.page}>
        <H2>{heading}</H2>
        <FormatChooser formats={formats} onChoose={(f) => setSearch({ format: f.id })} />
      </section>
    );
  }
  return (
    <section className={layout.page}>
      <FormatHeading heading={heading} format={format} onChangeFormat={mode === 'create' ? () => setSearch({}) : undefined} changeText={intl.formatMessage({ id: 'adForm.changeFormat' })} />
      <SchemaEntryGate id={format.schema_id}>{(entry) => <AdForm key={`${format.id}:${mode}:${ad?.id ?? ''}`} entry={entry} format={format} mode={mode} ad={ad} initial={initial} />}</SchemaEntryGate>
    </section>
  );
});

export default AdFormPage;

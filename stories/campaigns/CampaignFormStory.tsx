import { Button, Callout, Card, Classes, Intent, Spinner } from '@blueprintjs/core';
import type { StoryObj } from '@storybook/react-vite';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { FormStore, type FormValues } from '../../engine/form/FormStore';
import { SchemaForm } from '../../engine/form/SchemaForm';
import type { SchemaEntry } from '../../engine/schema/SchemaCatalog';
import { StoreContext, useStores } from '../../src/app/context';
import type { AdFormatInfo } from '../../src/common/adFormats';
import formStyles from '../../src/common/AdFormPage.module.css';
import layout from '../../src/common/adLayout.module.css';
import { FormatHeading } from '../../src/common/FormatHeading';
import { SchemaEntryGate } from '../../src/common/SchemaEntryGate';
import { newCampaign, offeredTargets, onlyOfferedTargets, type CampaignSettings } from '../../src/areas/campaigns/campaignForm';
import { useCampaignFormParts } from '../../src/areas/campaigns/useCampaignFormParts';
import { useTargetName } from '../../src/areas/campaigns/targetNames';
import { TrafficEstimatePanel } from '../../src/areas/campaigns/TrafficEstimatePanel';
import { theme } from '../../widgets';
import { PanelEnglish } from '../ads/PanelEnglish';
import { FormDataPanel } from '../support/FormDataPanel';
import { CAMPAIGN_FORMATS, exampleCampaign } from './campaignFixtures';
import { createCampaignTransport } from './campaignTransport';
import { asRootStore, createStoryStores } from './storyStores';

/** The catalog id of the campaign form (schemas/campaigns/campaign.schema.json with the targets assembled in). */
export const CAMPAIGN_SCHEMA_ID = 'campaigns_campaign';

/** What the form starts from: the filled-in example, or a new campaign exactly as the page starts one. */
type Start = 'example' | 'new';

interface FormProps {
  entry: SchemaEntry;
  format: AdFormatInfo;
  offered: string[];
  initial: FormValues;
}

/** Created: what the fixture answers for `POST campaigns`. */
interface Created {
  id: number;
  name: string;
}

/**
 * The campaign form beside its live traffic estimate, wired as `CampaignForm` of
 * src/areas/campaigns/CampaignFormPage.tsx wires them (same store, lookups, uiPatch, estimate and "Use it"); only
 * what happens after a save differs: the story shows what was sent instead of opening the campaign page.
 */
const StoryCampaignForm = observer(function StoryCampaignForm({ entry, format, offered, initial }: FormProps) {
  const intl = useIntl();
  const { api } = useStores();
  const targetName = useTargetName();
  const store = useMemo(
    () =>
      new FormStore<Created>(entry, {
        initial,
        submit: async (values) => (await api.post<{ data: Created }>('campaigns', onlyOfferedTargets(values, offered), { silent: true })).data,
      }),
    [entry, offered, initial, api],
  );
  const { lookups, estimate, uiPatch } = useCampaignFormParts(entry, store, format, offered, initial);
  const saved = store.status === 'succeeded' ? store.result : undefined;

  return (
    <div className={layout.columns}>
      <div className={formStyles.form}>
        <Card>
          {saved ? (
            <Callout intent={Intent.SUCCESS} compact className={formStyles.warning}>
              {intl.formatMessage({ id: 'campaignForm.created' }, { name: saved.name })} (The panel would now open campaign #{saved.id}.)
            </Callout>
          ) : null}
          <SchemaForm store={store} theme={theme} formContext={lookups} uiPatch={uiPatch} submitText={intl.formatMessage({ id: 'campaignForm.create' })} />
        </Card>
        <FormDataPanel values={store.values} submitted={saved ? onlyOfferedTargets(store.values, offered) : undefined} />
      </div>
      <div className={layout.preview}>
        <TrafficEstimatePanel state={estimate} targetName={targetName} onUsePrice={(price) => store.patch({ price })} />
      </div>
    </div>
  );
});

/** The page around the form: heading, what the story shows, and the choice of starting values. */
const StoryCampaignPage = observer(function StoryCampaignPage({ format }: { format: AdFormatInfo }) {
  const intl = useIntl();
  const { network, settings } = useStores();
  useEffect(() => {
    void network.load();
    void settings.load();
  }, [network, settings]);
  const [start, setStart] = useState<{ from: Start; n: number }>({ from: 'example', n: 0 });
  const targetTypes = network.settings?.targetTypes as string[] | undefined;
  const offered = useMemo(() => offeredTargets(targetTypes ?? [], format), [format, targetTypes]);
  const initial = useMemo(() => {
    if (!settings.data || !targetTypes) return undefined;
    const values: CampaignSettings = settings.data;
    return start.from === 'example' ? exampleCampaign(format, offered, values) : newCampaign(format, offered, values);
  }, [format, offered, settings.data, targetTypes, start]);

  if (network.status === 'error' || settings.status === 'error') {
    return <Callout intent={Intent.DANGER} title="The story's GET network or GET settings failed" />;
  }
  if (!initial) return <Spinner size={24} aria-label={intl.formatMessage({ id: 'app.loading' })} />;
  const sold = (network.settings?.adFormats as string[] | undefined)?.includes(format.id) ?? false;
  const restart = (from: Start) => setStart((s) => ({ from, n: s.n + 1 }));
  return (
    <section className={layout.page} style={{ padding: 0 }}>
      <FormatHeading heading={intl.formatMessage({ id: 'campaignForm.title.create' })} format={format} changeText="" />
      <p className={Classes.TEXT_MUTED} style={{ margin: 0 }}>
        Folder <code>schemas/ad-formats/{format.id}</code> on {network.name}: pricing models <code>{format.pricing_models.join(', ')}</code>; {offered.length} of the
        format&apos;s {format.targets.length} targets offered (those the network&apos;s <code>targetTypes</code> also name).{' '}
        <Button size="small" variant="minimal" intent={Intent.PRIMARY} onClick={() => restart('example')} text="Start from the example" />
        <Button size="small" variant="minimal" intent={Intent.PRIMARY} onClick={() => restart('new')} text="Start as a new campaign" />
      </p>
      {sold ? null : (
        <Callout intent={Intent.WARNING} compact>
          {network.name} does not sell this format (its <code>adFormats</code> leave it out), so the panel never shows this form; the story does.
        </Callout>
      )}
      <SchemaEntryGate id={CAMPAIGN_SCHEMA_ID}>
        {(entry) => <StoryCampaignForm key={`${format.id}:${start.n}`} entry={entry} format={format} offered={offered} initial={initial} />}
      </SchemaEntryGate>
    </section>
  );
});

/** The props of one format's story. */
export interface CampaignFormStoryProps {
  /** The format's folder under schemas/ad-formats. */
  format: string;
  /** Simulated latency of the story's API in ms (the traffic estimate takes twice as long). */
  latencyMs?: number;
}

/**
 * What the panel's campaign form page shows for a format (src/areas/campaigns/CampaignFormPage.tsx): the campaign
 * form with the format's pricing models and targets (those AdNet also sells), filled in with an example, beside the
 * live traffic estimate. The stores the page reads (`useStores()`) answer from fixtures (campaignTransport.ts).
 */
export function CampaignFormStory({ format: id, latencyMs = 300 }: CampaignFormStoryProps) {
  const format = CAMPAIGN_FORMATS.get(id);
  const stores = useMemo(() => createStoryStores(createCampaignTransport({ latencyMs })), [latencyMs]);
  if (!format) {
    return (
      <Callout intent={Intent.DANGER} title={`No ad format "${id}"`}>
        There is no folder schemas/ad-formats/{id} with a format.json. Known: {[...CAMPAIGN_FORMATS.keys()].join(', ')}.
      </Callout>
    );
  }
  return (
    <StoreContext.Provider value={asRootStore(stores)}>
      <PanelEnglish>
        <StoryCampaignPage key={id} format={format} />
      </PanelEnglish>
    </StoreContext.Provider>
  );
}

/** The story of one format folder; the Storybook build adds one export of this per folder (CampaignForms.stories.tsx). */
export function campaignStory(id: string): StoryObj<typeof CampaignFormStory> {
  return { name: CAMPAIGN_FORMATS.get(id)?.name ?? id, args: { format: id } };
}

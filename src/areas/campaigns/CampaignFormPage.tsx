import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { observer } from 'mobx-react-lite';
import { toJS } from 'mobx';
import { useIntl } from 'react-intl';
import { Button, Card, H2, NonIdealState, Spinner } from '@blueprintjs/core';
import { Envelope, Error as ErrorIcon } from '@blueprintjs/icons';
import { FormStore, type FormValues } from '../../../engine/form/FormStore';
import { SchemaForm } from '../../../engine/form/SchemaForm';
import type { SchemaEntry } from '../../../engine/schema/SchemaCatalog';
import { theme } from '../../../widgets';
import { FormActionBar } from '../../../widgets/formActions';
import { useStores } from '../../app/context';
import { useRouteMeta } from '../../app/routeMeta';
import { toast } from '../../app/toast';
import { SchemaEntryGate } from '../../common/SchemaEntryGate';
import { useAdFormats, type AdFormatInfo } from '../../common/adFormats';
import { FormatChooser } from '../../common/FormatChooser';
import { FormatHeading } from '../../common/FormatHeading';
import layout from '../../common/adLayout.module.css';
import formStyles from '../../common/AdFormPage.module.css';
import { campaignFormValues, flatDealCampaign, newCampaign, offeredTargets, onlyOfferedTargets } from './campaignForm';
import { CampaignStore } from './CampaignStore';
import type { CampaignView, CampaignOffer, FlatDeal, MarketplaceFlatDealApplicationAnswer } from '../../../generated/types';
import type { ApiClient } from '../../../engine/api';
import { useLoader } from '../../../engine/state/useLoader';
import { EstimateLine, TrafficEstimatePanel } from './TrafficEstimatePanel';
import { useCampaignFormParts } from './useCampaignFormParts';
import { useTargetName } from './targetNames';
import styles from './CampaignFormPage.module.css';

type Mode = 'create' | 'edit' | 'duplicate' | 'offer';
const MODES: Record<string, Mode> = { campaignEdit: 'edit', campaignDuplicate: 'duplicate', campaignCreateOffer: 'offer' };

interface FormProps {
  entry: SchemaEntry;
  format: AdFormatInfo;
  offered: string[];
  mode: Mode;
  campaign: CampaignView | null;
  /** Where a new campaign comes from, as POST campaigns' query (`offer_of=7`, `flat_deal_application_id=1001`), or ''. */
  origin: string;
  initial: FormValues;
}

const CampaignForm = observer(function CampaignForm({ entry, format, offered, mode, campaign, origin, initial }: FormProps) {
  const intl = useIntl();
  const { api } = useStores();
  const navigate = useNavigate();
  const targetName = useTargetName();
  const store = useMemo(
    () =>
      new FormStore<CampaignView>(entry, {
        initial,
        submit: async (values) => {
          const body = onlyOfferedTargets(values, offered);
          if (mode === 'edit' && campaign) return (await api.put<{ data: CampaignView }>(`campaigns/${campaign.id}`, body, { silent: true })).data;
          return (await api.post<{ data: CampaignView }>(origin ? `campaigns?${origin}` : 'campaigns', body, { silent: true })).data;
        },
        // What was typed into a new campaign survives a reload or a lost connection.
        draftKey: mode === 'create' ? `campaign-draft:${format.id}` : undefined,
      }),
    [entry, format, offered, mode, campaign, origin, initial, api],
  );
  const { lookups, estimate, uiPatch } = useCampaignFormParts(entry, store, format, offered, initial);

  const saved = store.result;
  useEffect(() => {
    if (!saved) return;
    toast(intl.formatMessage({ id: mode === 'edit' ? 'campaignForm.saved' : 'campaignForm.created' }, { name: saved.name }), 'success');
    navigate(`/campaigns/${saved.id}`);
  }, [saved, mode, intl, navigate]);

  return (
    <div className={layout.columns}>
      <Card className={formStyles.form}>
        <SchemaForm
          store={store}
          theme={theme}
          formContext={lookups}
          uiPatch={uiPatch}
          submitText={false}
        >
          {/* About 25 sections: Save and the estimate stay in sight at the foot of the screen. */}
          <FormActionBar
            store={store}
            submitText={intl.formatMessage({ id: mode === 'edit' ? 'campaignForm.save' : 'campaignForm.create' })}
            attentionText={(count) => intl.formatMessage({ id: 'form.attention' }, { count })}
          >
            <EstimateLine state={estimate} />
          </FormActionBar>
        </SchemaForm>
      </Card>
      <div className={layout.preview}>
        <TrafficEstimatePanel state={estimate} targetName={targetName} onUsePrice={(price) => store.patch({ price })} />
      </div>
    </div>
  );
});

/** The offer a campaign is created from (`?campaign=<id>&offer=<offer id>`), once loaded. */
function useOffer(api: ReturnType<typeof useStores>['api'], campaignId: number | null, offerId: string | null) {
  const [store] = useState(() => (campaignId ? new CampaignStore(api, campaignId) : null));
  useEffect(() => {
    void store?.loadOffers();
    return () => store?.dispose();
  }, [store]);
  if (!store) return { offer: null as CampaignOffer | null, loading: false };
  const offers = store.offers;
  return { offer: offers?.find((o) => o.id === offerId) ?? null, loading: offers === null };
}

/** The flat deal application a new campaign delivers (`?flat_deal_application=`), with its deal; nothing without an id. */
function useFlatDealApplication(api: ApiClient, id: number | null) {
  const load = useCallback(
    async (signal: AbortSignal) => {
      const application = (await api.get<{ data: MarketplaceFlatDealApplicationAnswer }>(`flat-deal-applications/${id}`, { signal, silent: true })).data;
      const deal = (await api.get<{ data: FlatDeal }>(`flat-deals/${application.flat_deal_id}`, { signal, silent: true })).data;
      return { application, deal };
    },
    [api, id],
  );
  return useLoader(id ? load : null);
}

/**
 * /campaigns/create (the format first, then the form), /campaigns/:id/edit, /campaigns/:id/duplicate and
 * /campaigns/create-offer-campaign?campaign=&offer= (an offer of a campaign) or ?flat_deal_application= (the campaign
 * that delivers a flat deal, prefilled from it and linked to it): the campaign form beside the live traffic estimate.
 */
const CampaignFormPage = observer(function CampaignFormPage() {
  const intl = useIntl();
  const { api, network, settings, user } = useStores();
  const route = useRouteMeta();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const formats = useAdFormats();
  const mode: Mode = MODES[route?.id ?? ''] ?? 'create';
  const offerOf = mode === 'offer' ? Number(search.get('campaign')) || null : null;
  const [campaignStore] = useState(() => (mode === 'edit' || mode === 'duplicate' ? new CampaignStore(api, Number(params.id)) : null));
  useEffect(() => {
    void campaignStore?.load();
    return () => campaignStore?.dispose();
  }, [campaignStore]);
  useEffect(() => void settings.load(), [settings]);
  const applicationId = mode === 'offer' ? Number(search.get('flat_deal_application')) || null : null;
  const { offer, loading: offerLoading } = useOffer(api, offerOf, search.get('offer'));
  const flatDeal = useFlatDealApplication(api, applicationId);
  const campaign = campaignStore?.campaign ?? null;

  const formatId = campaign?.ad_format.id ?? (offer?.model.ad_format as string | undefined) ?? flatDeal.data?.deal.ad_format_id ?? search.get('format');
  const format = formats?.find((f) => f.id === formatId);
  const targetTypes = network.settings?.targetTypes as string[] | undefined;
  const offered = useMemo(() => (format ? offeredTargets(targetTypes ?? [], format) : []), [format, targetTypes]);
  const adParam = search.get('ad');
  const initial = useMemo(() => {
    if (!format) return undefined;
    if (campaign) {
      const model = toJS(campaign.model);
      return mode === 'duplicate' ? campaignFormValues(model, intl.formatMessage({ id: 'campaignForm.copyName' }, { name: campaign.name })) : campaignFormValues(model);
    }
    if (offer) return campaignFormValues(toJS(offer.model));
    if (flatDeal.data) return flatDealCampaign(format, offered, settings.data ?? {}, flatDeal.data.application, flatDeal.data.deal);
    // From an ad's page (?ad=<id>): the campaign starts with that ad chosen.
    const adId = Number(adParam);
    return { ...newCampaign(format, offered, settings.data ?? {}), ...(Number.isInteger(adId) && adId > 0 ? { ad_id: adId } : {}) };
  }, [format, campaign, offer, flatDeal.data, mode, intl, offered, settings.data, adParam]);

  // A new campaign waits for a confirmed e-mail address (the server refuses it before): say so before anything is typed.
  if (mode !== 'edit' && user.user && user.user.status !== 'confirmed') {
    return (
      <NonIdealState
        icon={<Envelope size={48} />}
        title={intl.formatMessage({ id: 'campaignForm.confirmEmail.title' })}
        description={intl.formatMessage({ id: 'campaignForm.confirmEmail.text' }, { email: user.user.email })}
        action={<Link to="/confirm-email">{intl.formatMessage({ id: 'campaignForm.confirmEmail.action' })}</Link>}
      />
    );
  }
  if (campaignStore && (campaignStore.status === 'missing' || campaignStore.status === 'error')) {
    return (
      <NonIdealState
        icon={<ErrorIcon size={48} />}
        title={intl.formatMessage({ id: campaignStore.status === 'missing' ? 'campaign.missing' : 'campaign.loadFailed' })}
        action={campaignStore.status === 'error' ? <Button onClick={() => void campaignStore.load()}>{intl.formatMessage({ id: 'campaigns.retry' })}</Button> : undefined}
      />
    );
  }
  if (settings.status === 'error') {
    // Minimums, limit types and smart bidding come from the settings: without them the form cannot be right.
    return <NonIdealState icon={<ErrorIcon size={48} />} title={intl.formatMessage({ id: 'app.loadFailed' })} action={<Button onClick={() => void settings.load()}>{intl.formatMessage({ id: 'campaigns.retry' })}</Button>} />;
  }
  if (applicationId && flatDeal.status === 'error') {
    return <NonIdealState icon={<ErrorIcon size={48} />} title={intl.formatMessage({ id: 'campaignForm.applicationGone' })} action={<Button onClick={flatDeal.retry}>{intl.formatMessage({ id: 'campaigns.retry' })}</Button>} />;
  }
  if (mode === 'offer' && !applicationId && !offerLoading && !offer) return <NonIdealState icon={<ErrorIcon size={48} />} title={intl.formatMessage({ id: 'campaignForm.offerGone' })} />;
  if (!formats || !settings.data || (campaignStore && !campaign) || offerLoading || (applicationId && !flatDeal.data)) return <Spinner aria-label={intl.formatMessage({ id: 'app.loading' })} />;

  const heading = intl.formatMessage({ id: `campaignForm.title.${mode}` }, { name: campaign?.name ?? '' });
  if (!format || !initial) {
    if (campaign || offer) return <NonIdealState icon={<ErrorIcon size={48} />} title={intl.formatMessage({ id: 'campaignForm.formatGone' })} />;
    return (
      <section className={layout.page}>
        <H2>{heading}</H2>
        <FormatChooser formats={formats} onChoose={(f) => setSearch({ format: f.id })} />
      </section>
    );
  }
  return (
    <section className={layout.page}>
      <FormatHeading heading={heading} format={format} onChangeFormat={mode === 'create' ? () => setSearch({}) : undefined} changeText={intl.formatMessage({ id: 'campaignForm.changeFormat' })} />
      {offer ? <p className={styles.offer}>{offer.description}</p> : null}
      {flatDeal.data ? (
        <p className={styles.offer}>{intl.formatMessage({ id: 'campaignForm.flatDeal' }, { number: flatDeal.data.application.number, deal: flatDeal.data.application.deal_name })}</p>
      ) : null}
      {mode === 'create' ? (
        <p className={styles.offer}>
          {intl.formatMessage({ id: 'campaignForm.needAd' })} <Link to={`/ads/create?format=${format.id}`}>{intl.formatMessage({ id: 'campaignForm.createAd' })}</Link>
        </p>
      ) : null}
      <SchemaEntryGate id="campaigns_campaign">
        {(entry) => <CampaignForm key={`${format.id}:${mode}:${campaign?.id ?? offer?.id ?? applicationId ?? ''}`} entry={entry} format={format} offered={offered} mode={mode} campaign={campaign} origin={applicationId ? `flat_deal_application_id=${applicationId}` : offerOf ? `offer_of=${offerOf}` : ''} initial={initial} />}
      </SchemaEntryGate>
    </section>
  );
});

export default CampaignFormPage;

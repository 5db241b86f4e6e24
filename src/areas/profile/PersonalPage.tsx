import { useEffect, useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button, Callout, Card, H2, H4, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { Error as ErrorIcon } from '@blueprintjs/icons';
import { FormStore, type FormValues } from '../../../engine/form/FormStore';
import { SchemaForm } from '../../../engine/form/SchemaForm';
import type { SchemaEntry } from '../../../engine/schema/SchemaCatalog';
import { formatMoney } from '../../shell/money';
import { features } from '../../shell/networkFeatures';
import { theme } from '../../../widgets';
import { useStores } from '../../app/context';
import { sectionAllowed } from '../../app/sections';
import { usePageTitle } from '../../app/usePageTitle';
import { toast } from '../../app/toast';
import { SchemaEntryGate } from '../../common/SchemaEntryGate';
import { useLookupContext } from '../../common/useLookupContext';
import { ProfileStore, profileFormValues, type Profile } from './ProfileStore';
import { TwoFactorSetup } from './TwoFactorSetup';
import { PasswordChange } from './PasswordChange';
import { TelegramLink } from './TelegramLink';
import { ProviderPlanSummary } from './ProviderPlanSummary';
import { ReferralSection } from '../referral/public';
import styles from './PersonalPage.module.css';

const ProfileForm = observer(function ProfileForm({ entry, profiles }: { entry: SchemaEntry; profiles: ProfileStore }) {
  const intl = useIntl();
  const { api, user } = useStores();
  const profile = profiles.profile as Profile;
  const store = useMemo(
    () =>
      new FormStore<Profile>(entry, {
        initial: profileFormValues(profile, Object.keys(entry.schema.properties ?? {})),
        submit: async (values: FormValues) => (await api.put<{ data: Profile }>('profile/update', values, { silent: true })).data,
      }),
    // The form starts from the profile as first loaded; later loads come from this form's own saves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [entry, api],
  );
  const formContext = useLookupContext(store);
  // The current password is asked only while the form changes how the account signs in (the server requires it then).
  const changesSignIn = (store.values.two_factor_authentication_method ?? null) !== (profile.twoFactorAuthenticationMethod ?? null);
  const uiOverrides = useMemo(() => (changesSignIn ? undefined : { current_password: { 'ui:widget': 'hidden' } }), [changesSignIn]);
  const saved = store.result;
  useEffect(() => {
    if (!saved) return;
    store.patch({ current_password: undefined });
    profiles.set(saved);
    user.clear();
    void user.load(); // the name and locale in the shell follow the saved profile
    toast(intl.formatMessage({ id: 'profile.saved' }), 'success');
  }, [saved, store, profiles, user, intl]);
  return <SchemaForm store={store} theme={theme} formContext={formContext} uiOverrides={uiOverrides} submitText={intl.formatMessage({ id: 'profile.save' })} />;
});

const Summary = observer(function Summary({ profile }: { profile: Profile }) {
  const intl = useIntl();
  const { network } = useStores();
  // Money as the top bar shows it: the network's currency sign, 2 decimals.
  const money = (value: string) => formatMoney(value, intl.locale, features.currencySign(network.settings));
  const rows: [string, React.ReactNode][] = [
    ['profile.email', profile.email],
    ['profile.balance', money(profile.balance)],
    ['profile.accountType', intl.formatMessage({ id: `profile.accountType.${profile.accountType}` })],
    ['profile.referral', profile.referralProgramPercent != null ? `${profile.referralProgramPercent}%` : '—'],
  ];
  if (profile.accountType === 'company') {
    rows.push(['profile.companyVerified', <Tag key="v" minimal intent={profile.isCompanyVerified ? 'success' : 'none'}>{intl.formatMessage({ id: profile.isCompanyVerified ? 'profile.yes' : 'profile.no' })}</Tag>]);
  }
  for (const [type, status] of Object.entries(profile.verificationStatuses)) {
    rows.push([`profile.verification`, `${type}: ${status}`]);
  }
  if (profile.recurringPaymentsCustomer) {
    rows.push(['profile.recurring', money(profile.recurringPaymentsCustomer.change_amount)]);
  }
  return (
    <HTMLTable compact className={styles.summary}>
      <tbody>
        {rows.map(([label, value], i) => (
          <tr key={`${label}${i}`}>
            <th scope="row">{intl.formatMessage({ id: label })}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
});

const FullManage = observer(function FullManage({ profiles }: { profiles: ProfileStore }) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const profile = profiles.profile as Profile;
  if (profile.fullManageStatus && !profile.actions.full_manage_requestable) {
    return <p>{intl.formatMessage({ id: `profile.fullManage.status.${profile.fullManageStatus}` })}</p>;
  }
  if (!profile.actions.full_manage_requestable) return null;
  return (
    <>
      <p>{intl.formatMessage({ id: 'profile.fullManage.text' })}</p>
      <Button
        loading={busy}
        onClick={() => {
          setBusy(true);
          profiles
            .requestFullManage()
            .then(() => toast(intl.formatMessage({ id: 'profile.fullManage.requested' }), 'success'))
            .catch(() => undefined) // the API client showed the toast
            .finally(() => setBusy(false));
        }}
      >
        {intl.formatMessage({ id: 'profile.fullManage.request' })}
      </Button>
    </>
  );
});

/** /personal: the profile form, security (two-factor sign-in, Telegram), account facts and the referral program. */
const PersonalPage = observer(function PersonalPage() {
  const intl = useIntl();
  const { api, network } = useStores();
  const [profiles] = useState(() => new ProfileStore(api));
  usePageTitle(intl.formatMessage({ id: 'profile.title' }));
  useEffect(() => {
    void profiles.load();
    return () => profiles.loader.abort();
  }, [profiles]);
  const profile = profiles.profile;

  if (profiles.status === 'error') {
    return <NonIdealState icon={<ErrorIcon size={48} />} title={intl.formatMessage({ id: 'profile.loadFailed' })} action={<Button onClick={() => void profiles.load()}>{intl.formatMessage({ id: 'profile.retry' })}</Button>} />;
  }
  if (!profile) return <Spinner aria-label={intl.formatMessage({ id: 'app.loading' })} />;
  return (
    <section className={styles.page}>
      <H2>{profile.name}</H2>
      <div className={styles.columns}>
        <Card className={styles.main}>
          <H4>{intl.formatMessage({ id: 'profile.details' })}</H4>
          <SchemaEntryGate id="profile_profile">{(entry) => <ProfileForm entry={entry} profiles={profiles} />}</SchemaEntryGate>
        </Card>
        <div className={styles.side}>
          <Card>
            <H4>{intl.formatMessage({ id: 'profile.account' })}</H4>
            <Summary profile={profile} />
            {profile.accountManager ? (
              <Callout icon={null} className={styles.manager}>
                {intl.formatMessage({ id: 'profile.manager' }, { name: profile.accountManager.name })}
              </Callout>
            ) : null}
          </Card>
          {/* Only where the network sells provider plans (its Providers section). */}
          {sectionAllowed('Providers', network.sections) ? (
            <Card>
              <H4>{intl.formatMessage({ id: 'profile.providerPlan.title' })}</H4>
              <ProviderPlanSummary subscription={profile.trafficProviderSubscription ?? null} />
            </Card>
          ) : null}
          <Card>
            <H4>{intl.formatMessage({ id: 'profile.security' })}</H4>
            <TwoFactorSetup method={profile.twoFactorAuthenticationMethod} onEnabled={(p) => profiles.set(p)} />
          </Card>
          <Card>
            <H4>{intl.formatMessage({ id: 'profile.password' })}</H4>
            <SchemaEntryGate id="profile_profile_password">{(entry) => <PasswordChange entry={entry} />}</SchemaEntryGate>
          </Card>
          {/* Telegram linking needs the network's bot; a network without one does not offer it. */}
          {network.settings?.messengerBotName ? (
            <Card>
              <H4>{intl.formatMessage({ id: 'profile.telegram.title' })}</H4>
              <TelegramLink profile={profile} onChanged={() => void profiles.load()} />
            </Card>
          ) : null}
          <Card>
            <H4>{intl.formatMessage({ id: 'profile.fullManage.title' })}</H4>
            <FullManage profiles={profiles} />
          </Card>
        </div>
      </div>
      {/* The referral program, full width under the columns; it shows only where the network runs one (its Referral section). */}
      <ReferralSection className={styles.wide} />
    </section>
  );
});

export default PersonalPage;

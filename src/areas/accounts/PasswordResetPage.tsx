import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Callout } from '@blueprintjs/core';
import { FormStore, type FormValues } from '../../../engine/form/FormStore';
import { SchemaForm } from '../../../engine/form/SchemaForm';
import type { SchemaEntry } from '../../../engine/schema/SchemaCatalog';
import { theme } from '../../../widgets';
import { useStores } from '../../app/context';
import { usePageTitle } from '../../app/usePageTitle';
import { AuthCard } from '../../common/AuthCard';
import { SchemaEntryGate } from '../../common/SchemaEntryGate';
import { useCaptchaContext } from './useCaptchaContext';

/** Step one: the e-mail (and the human check) to send the reset link to. */
const ForgotForm = observer(function ForgotForm({ entry }: { entry: SchemaEntry }) {
  const { api } = useStores();
  const intl = useIntl();
  const formContext = useCaptchaContext();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const store = useMemo(
    () =>
      new FormStore(entry, {
        submit: async (values: FormValues) => {
          await api.post('auth/password/email', values);
          setSentTo(String(values.email));
        },
      }),
    [entry, api],
  );
  if (sentTo) {
    return (
      <Callout intent="success" role="status">
        {intl.formatMessage({ id: 'reset.sent' }, { email: sentTo })}
      </Callout>
    );
  }
  return (
    <>
      <p>{intl.formatMessage({ id: 'reset.forgotIntro' })}</p>
      <SchemaForm store={store} theme={theme} formContext={formContext} submitText={intl.formatMessage({ id: 'reset.send' })} />
    </>
  );
});

/** Step two, from the e-mailed link: the new password. */
const ResetForm = observer(function ResetForm({ entry, token, email }: { entry: SchemaEntry; token: string; email: string }) {
  const { api } = useStores();
  const intl = useIntl();
  const navigate = useNavigate();
  const store = useMemo(
    () =>
      new FormStore(entry, {
        initial: { email, token },
        submit: async (values: FormValues) => {
          await api.post('auth/password/reset', values);
          navigate('/login', { replace: true, state: { notice: 'reset.done' } });
        },
      }),
    [entry, api, email, token, navigate],
  );
  return <SchemaForm store={store} theme={theme} submitText={intl.formatMessage({ id: 'reset.save' })} />;
});

/** /password/reset: without a token, asks where to send the link; with `?token=&email=`, sets the new password. */
export default function PasswordResetPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = params.get('email');
  usePageTitle(intl.formatMessage({ id: 'reset.title' }));
  const resetting = Boolean(token && email);
  return (
    <AuthCard
      heading={intl.formatMessage({ id: resetting ? 'reset.newHeading' : 'reset.heading' })}
      footer={<Link to="/login">{intl.formatMessage({ id: 'reset.back' })}</Link>}
    >
      {resetting ? (
        <SchemaEntryGate id="accounts_password_reset">{(entry) => <ResetForm entry={entry} token={token as string} email={email as string} />}</SchemaEntryGate>
      ) : (
        <SchemaEntryGate id="accounts_password_email">{(entry) => <ForgotForm entry={entry} />}</SchemaEntryGate>
      )}
    </AuthCard>
  );
}

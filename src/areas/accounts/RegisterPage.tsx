import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { FormStore, type FormValues } from '../../../engine/form/FormStore';
import { SchemaForm } from '../../../engine/form/SchemaForm';
import type { SchemaEntry } from '../../../engine/schema/SchemaCatalog';
import { bearerToken } from '../../../engine/api';
import { theme } from '../../../widgets';
import { useStores } from '../../app/context';
import { usePageTitle } from '../../app/usePageTitle';
import { AuthCard } from '../../common/AuthCard';
import { SchemaEntryGate } from '../../common/SchemaEntryGate';
import { useCaptchaContext } from './useCaptchaContext';
import { useLookupContext } from '../../common/useLookupContext';
import { readAffiliate } from './affiliate';

const RegisterForm = observer(function RegisterForm({ entry }: { entry: SchemaEntry }) {
  const stores = useStores();
  const { api, session } = stores;
  const navigate = useNavigate();
  const intl = useIntl();
  const captcha = useCaptchaContext();
  const store = useMemo(() => {
    const affiliate = readAffiliate();
    return new FormStore(entry, {
      initial: { account_type: 'personal', topic: 'Sign Up form', ...(affiliate ? { affiliate_code: affiliate } : {}) },
      // What was typed survives a reload or a wrong captcha; passwords and the captcha answer are never stored.
      draftKey: 'draft:register',
      draftExclude: ['g-recaptcha-response'],
      submit: async (values: FormValues) => {
        const answer = await api.request<{ data?: { auth_token?: string } }>({ method: 'POST', url: 'auth/register', data: values });
        const token = bearerToken(answer.headers.authorization) ?? answer.data?.data?.auth_token ?? null;
        stores.resetUserData();
        navigate('/registration-succeeded', { replace: true });
        session.login(token);
      },
    });
  }, [entry, stores, api, session, navigate]);
  const lookup = useLookupContext(store);
  const formContext = useMemo(() => ({ ...captcha, ...lookup }), [captcha, lookup]);
  return <SchemaForm store={store} theme={theme} formContext={formContext} submitText={intl.formatMessage({ id: 'register.submit' })} />;
});

/** Sign-up: personal or company account, rendered from schemas/accounts/registration.schema.json. */
export default function RegisterPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'register.title' }));
  return (
    <AuthCard
      wide
      heading={intl.formatMessage({ id: 'register.heading' })}
      footer={
        <span>
          {intl.formatMessage({ id: 'register.haveAccount' })} <Link to="/login">{intl.formatMessage({ id: 'register.signIn' })}</Link>
        </span>
      }
    >
      <SchemaEntryGate id="accounts_registration">{(entry) => <RegisterForm entry={entry} />}</SchemaEntryGate>
    </AuthCard>
  );
}

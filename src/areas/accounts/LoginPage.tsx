import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button, Callout, Checkbox } from '@blueprintjs/core';
import { FormStore, type FormValues } from '../../../engine/form/FormStore';
import { FlatSchemaForm } from '../../../engine/form/FlatSchemaForm';
import type { SchemaEntry } from '../../../engine/schema/SchemaCatalog';
import { bearerToken, ValidationError } from '../../../engine/api';
import { theme } from '../../../widgets';
import { useStores } from '../../app/context';
import { SchemaEntryGate } from '../../common/SchemaEntryGate';
import { usePageTitle } from '../../app/usePageTitle';
import { AuthCard } from '../../common/AuthCard';
import styles from '../../common/AuthCard.module.css';
import type { SignIn } from '../../../generated/types';
import { rememberedUser, rememberUser } from './rememberUser';

/** The second step in progress: how the code arrives, when it was sent (mailed codes) and until when it is valid. */
interface SecondStep {
  method: 'email' | 'google';
  sentAt: string | null;
  expiresAt: string;
}

/** How a submit of the sign-in form ended, when it did not fail. */
type LoginOutcome = { kind: 'signed-in' } | { kind: 'second-step'; step: SecondStep } | { kind: 'code-expired'; message: string | null };

const LoginForm = observer(function LoginForm({ entry }: { entry: SchemaEntry }) {
  const stores = useStores();
  const { api, session } = stores;
  const intl = useIntl();
  const [step, setStep] = useState<SecondStep | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The e-mail address this device remembers (the 7-day remember-user cookie), read once.
  const [remembered] = useState(() => rememberedUser());
  const [remember, setRemember] = useState(remembered !== undefined);
  const rememberRef = useRef(remember);
  rememberRef.current = remember;
  // Read at submit time, so a language switch does not rebuild the store and lose what was typed.
  const intlRef = useRef(intl);
  useEffect(() => {
    intlRef.current = intl;
  }, [intl]);

  const store = useMemo(() => {
    const form = new FormStore<LoginOutcome>(entry, {
      submit: async (values: FormValues): Promise<LoginOutcome> => {
        let answer;
        try {
          answer = await api.request<{ data?: SignIn }>({ method: 'POST', url: 'auth/login', data: values });
        } catch (error) {
          const body = error instanceof ValidationError ? (error.body as { code_expired?: boolean } | undefined) : undefined;
          if (body?.code_expired) return { kind: 'code-expired', message: (error as ValidationError).first('code') ?? null };
          throw error;
        }
        const token = bearerToken(answer.headers.authorization);
        const second = answer.data?.data;
        // The code field appears only when both the method and the expiry time are set.
        if (!token && second?.authentication_method && second.code_expiration_time) {
          return { kind: 'second-step', step: { method: second.authentication_method, sentAt: second.code_sent_at ?? null, expiresAt: second.code_expiration_time } };
        }
        stores.resetUserData();
        // Signed in: GuestOnly sends the user on to the page they wanted.
        if (!session.login(token)) throw new Error(intlRef.current.formatMessage({ id: 'login.noToken' }));
        rememberUser(String(values.email ?? ''), rememberRef.current);
        return { kind: 'signed-in' };
      },
    });
    if (remembered) form.patch({ email: remembered });
    return form;
  }, [entry, stores, api, session, remembered]);

  const outcome = store.result;
  useEffect(() => {
    if (outcome?.kind === 'second-step') {
      setStep(outcome.step);
      setNotice(null);
    } else if (outcome?.kind === 'code-expired') {
      // The server sent a new code; the old one and its error go (the spec: the expired flag clears both).
      setNotice(outcome.message);
      store.patch({ code: '' });
    }
  }, [outcome, store]);

  const time = (at: string | null | undefined) => (at ? intl.formatTime(at, { hour: '2-digit', minute: '2-digit' }) : '');
  const expires = time(step?.expiresAt);
  const sent = time(step?.sentAt);
  const uiOverrides = useMemo(
    () =>
      !step && remembered
        ? // The address is filled in: the password is what is left to type.
          { email: { 'ui:options': { inputType: 'email', autocomplete: 'username' } }, password: { 'ui:autofocus': true, 'ui:widget': 'password', 'ui:options': { autocomplete: 'current-password' } } }
        : step
        ? {
            code: {
              'ui:autofocus': true,
              'ui:title': intl.formatMessage({ id: 'login.code' }),
              'ui:help': intl.formatMessage({ id: step.method === 'google' ? 'login.codeByApp' : sent ? 'login.codeByEmailSent' : 'login.codeByEmail' }, { expires, sent }),
              'ui:options': { inputType: 'text', autocomplete: 'one-time-code', inputMode: 'numeric' },
            },
          }
        : undefined,
    [step, intl, expires, sent, remembered],
  );

  return (
    <>
      {notice && (
        <Callout intent="warning" className={styles.notice}>
          {notice}
        </Callout>
      )}
      {/* A flat list of text fields: drawn without loading RJSF, which the first page a visitor opens does not need. */}
      <FlatSchemaForm store={store} theme={theme} uiOverrides={uiOverrides}>
        {/* Children replace RJSF's submit button: "Remember me" sits above it. */}
        {step ? null : <Checkbox className={styles.remember} checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} label={intl.formatMessage({ id: 'login.remember' })} />}
        <Button type="submit" intent="primary" size="large" fill loading={store.submitting} text={intl.formatMessage({ id: step ? 'login.verify' : 'login.submit' })} />
      </FlatSchemaForm>
    </>
  );
});

/** The sign-in screen, rendered from schemas/accounts/login.schema.json, with the optional second step. */
export const LoginPage = observer(function LoginPage() {
  const intl = useIntl();
  const { network } = useStores();
  const location = useLocation();
  // Another page may send the user here with something to say (e.g. the password was changed).
  const arrival = (location.state as { notice?: string } | null)?.notice;
  usePageTitle(intl.formatMessage({ id: 'login.title' }));

  return (
    <AuthCard
      heading={intl.formatMessage({ id: 'login.heading' }, { network: network.name || '…' })}
      footer={
        <>
          <Link to="/password/reset">{intl.formatMessage({ id: 'login.forgot' })}</Link>
          <Link to="/register">{intl.formatMessage({ id: 'login.register' })}</Link>
        </>
      }
    >
      {arrival ? (
        <Callout intent="success" role="status" className={styles.notice}>
          {intl.formatMessage({ id: arrival })}
        </Callout>
      ) : null}
      <SchemaEntryGate id="accounts_login">{(entry) => <LoginForm entry={entry} />}</SchemaEntryGate>
    </AuthCard>
  );
});

export default LoginPage;

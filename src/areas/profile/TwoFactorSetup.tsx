import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Callout, Code, FormGroup, InputGroup } from '@blueprintjs/core';
import { ApiError, ValidationError } from '../../../engine/api';
import { useStores } from '../../app/context';
import { toast } from '../../app/toast';
import type { Profile } from './ProfileStore';
import type { GoogleAuthenticatorSetup } from '../../../generated/types';

/** Google Authenticator set-up: a new secret to add to the app, confirmed by one code from it. */
export function TwoFactorSetup({ method, onEnabled }: { method: Profile['twoFactorAuthenticationMethod']; onEnabled: (profile: Profile) => void }) {
  const intl = useIntl();
  const { api } = useStores();
  const [pending, setPending] = useState<GoogleAuthenticatorSetup | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    try {
      setPending((await api.get<{ data: GoogleAuthenticatorSetup }>('profile/google2fa')).data);
      setCode('');
      setPassword('');
      setError(null);
      setPasswordError(null);
    } catch {
      // the API client showed the toast
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    setBusy(true);
    setError(null);
    setPasswordError(null);
    try {
      const { data } = await api.post<{ data: Profile }>('profile/google2fa/validate', { code, current_password: password }, { silent: true });
      setPending(null);
      setPassword('');
      onEnabled(data);
      toast(intl.formatMessage({ id: 'profile.twoFactor.enabled' }), 'success');
    } catch (e) {
      if (e instanceof ValidationError && e.first('current_password')) setPasswordError(e.first('current_password') ?? null);
      else setError(e instanceof ValidationError ? (e.first('code') ?? e.message) : e instanceof ApiError ? e.message : intl.formatMessage({ id: 'profile.failed' }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <p>
        {intl.formatMessage({ id: 'profile.twoFactor.current' }, { method: intl.formatMessage({ id: `profile.twoFactor.method.${method ?? 'none'}` }) })}
      </p>
      {pending ? (
        <>
          <p>{intl.formatMessage({ id: 'profile.twoFactor.addKey' })}</p>
          <p>
            <Code data-testid="totp-secret">{pending.secret}</Code>
          </p>
          <p>
            <a href={pending.otpauth_url}>{intl.formatMessage({ id: 'profile.twoFactor.openApp' })}</a>
          </p>
          <FormGroup label={intl.formatMessage({ id: 'profile.twoFactor.code' })} labelFor="totp-code" intent={error ? 'danger' : 'none'} helperText={error ?? undefined}>
            <InputGroup
              id="totp-code"
              value={code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              intent={error ? 'danger' : 'none'}
              onChange={(e) => {
                setCode(e.target.value);
                setError(null);
              }}
            />
          </FormGroup>
          <FormGroup
            label={intl.formatMessage({ id: 'profile.twoFactor.password' })}
            labelFor="totp-password"
            intent={passwordError ? 'danger' : 'none'}
            helperText={passwordError ?? intl.formatMessage({ id: 'profile.twoFactor.passwordHelp' })}
          >
            <InputGroup
              id="totp-password"
              type="password"
              value={password}
              autoComplete="current-password"
              intent={passwordError ? 'danger' : 'none'}
              onChange={(e) => {
                setPassword(e.target.value);
                setPasswordError(null);
              }}
            />
          </FormGroup>
          <Button intent="primary" loading={busy} disabled={code.trim().length < 6 || !password} onClick={() => void confirm()}>
            {intl.formatMessage({ id: 'profile.twoFactor.confirm' })}
          </Button>
        </>
      ) : method === 'google' ? (
        <Callout intent="success">{intl.formatMessage({ id: 'profile.twoFactor.googleOn' })}</Callout>
      ) : (
        <Button loading={busy} onClick={() => void start()}>
          {intl.formatMessage({ id: 'profile.twoFactor.setUp' })}
        </Button>
      )}
    </div>
  );
}

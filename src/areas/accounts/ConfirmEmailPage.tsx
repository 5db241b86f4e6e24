import { useState } from 'react';
import { useNavigate } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button, Callout } from '@blueprintjs/core';
import { ApiError } from '../../../engine/api';
import { useStores } from '../../app/context';
import { usePageTitle } from '../../app/usePageTitle';
import { AuthCard } from '../../common/AuthCard';

/** /confirm-email: asks the user to confirm the address, with a resend and a check that it is done. */
const ConfirmEmailPage = observer(function ConfirmEmailPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { api, user } = useStores();
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  usePageTitle(intl.formatMessage({ id: 'confirmEmail.title' }));

  async function resend() {
    setSending(true);
    setResult(null);
    try {
      await api.post('profile/confirmations/email', undefined, { silent: true });
      setResult({ ok: true, message: intl.formatMessage({ id: 'confirmEmail.sent' }) });
    } catch (error) {
      setResult({ ok: false, message: error instanceof ApiError ? error.message : intl.formatMessage({ id: 'confirmEmail.failed' }) });
    } finally {
      setSending(false);
    }
  }

  async function check() {
    user.clear();
    await user.load();
    if (user.user?.status === 'confirmed') navigate('/', { replace: true });
    else setResult({ ok: false, message: intl.formatMessage({ id: 'confirmEmail.notYet' }) });
  }

  return (
    <AuthCard heading={intl.formatMessage({ id: 'confirmEmail.heading' })}>
      <p>{intl.formatMessage({ id: 'confirmEmail.text' }, { email: user.user?.email ?? '…' })}</p>
      {result ? (
        <Callout intent={result.ok ? 'success' : 'danger'} role={result.ok ? 'status' : 'alert'} style={{ marginBottom: 16 }}>
          {result.message}
        </Callout>
      ) : null}
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button intent="primary" onClick={() => void check()}>
          {intl.formatMessage({ id: 'confirmEmail.done' })}
        </Button>
        <Button loading={sending} onClick={() => void resend()}>
          {intl.formatMessage({ id: 'confirmEmail.resend' })}
        </Button>
      </div>
    </AuthCard>
  );
});

export default ConfirmEmailPage;

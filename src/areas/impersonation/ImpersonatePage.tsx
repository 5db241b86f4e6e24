import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Callout, Spinner } from '@blueprintjs/core';
import { ApiError, bearerToken, isCancel } from '../../../engine/api';
import { useStores } from '../../app/context';
import { usePageTitle } from '../../app/usePageTitle';
import { AuthCard } from '../../common/AuthCard';

/**
 * /impersonate?token=… — support staff arrive here from a one-time link and get a session as the user
 * (any session this browser had is replaced). The auth check is skipped on this route.
 */
const ImpersonatePage = observer(function ImpersonatePage() {
  const intl = useIntl();
  const stores = useStores();
  const { api, session } = stores;
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ status: 'loading' | 'done' | 'failed'; message?: string }>({ status: 'loading' });
  usePageTitle(intl.formatMessage({ id: 'impersonate.title' }));

  useEffect(() => {
    const controller = new AbortController();
    api
      .request({ method: 'POST', url: 'auth/impersonate', data: { token }, silent: true, signal: controller.signal })
      .then((answer) => {
        stores.resetUserData();
        setState(session.login(bearerToken(answer.headers.authorization)) ? { status: 'done' } : { status: 'failed' });
      })
      .catch((error: unknown) => {
        if (isCancel(error)) return;
        setState({ status: 'failed', message: error instanceof ApiError ? error.message : undefined });
      });
    return () => controller.abort();
  }, [stores, api, session, token]);

  if (state.status === 'done') return <Navigate to="/" replace />;
  return (
    <AuthCard heading={intl.formatMessage({ id: 'impersonate.heading' })}>
      {state.status === 'loading' ? (
        <Spinner aria-label={intl.formatMessage({ id: 'app.loading' })} />
      ) : (
        <Callout intent="danger" role="alert">
          {state.message ?? intl.formatMessage({ id: 'impersonate.failed' })}
        </Callout>
      )}
    </AuthCard>
  );
});

export default ImpersonatePage;

import { useCallback } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Callout, Spinner } from '@blueprintjs/core';
import { ApiError, bearerToken } from '../../../engine/api';
import { useLoader } from '../../../engine/state/useLoader';
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
  usePageTitle(intl.formatMessage({ id: 'impersonate.title' }));

  // The session as the user, or false when the answer carried no usable token.
  const impersonate = useCallback(
    async (signal: AbortSignal) => {
      const answer = await api.request({ method: 'POST', url: 'auth/impersonate', data: { token }, silent: true, signal });
      stores.resetUserData();
      return session.login(bearerToken(answer.headers.authorization));
    },
    [stores, api, session, token],
  );
  const { data: signedIn, status, error } = useLoader(impersonate);

  if (signedIn === true) return <Navigate to="/" replace />;
  return (
    <AuthCard heading={intl.formatMessage({ id: 'impersonate.heading' })}>
      {status === 'loading' ? (
        <Spinner aria-label={intl.formatMessage({ id: 'app.loading' })} />
      ) : (
        <Callout intent="danger" role="alert">
          {(error instanceof ApiError ? error.message : undefined) ?? intl.formatMessage({ id: 'impersonate.failed' })}
        </Callout>
      )}
    </AuthCard>
  );
});

export default ImpersonatePage;

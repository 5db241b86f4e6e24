import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Callout, Spinner } from '@blueprintjs/core';
import { ApiError } from '../../../engine/api';
import { useLoader } from '../../../engine/state/useLoader';
import { useStores } from '../../app/context';
import { usePageTitle } from '../../app/usePageTitle';
import { AuthCard } from '../../common/AuthCard';

/** /register/:userId/confirm/:code — the link from the confirmation e-mail. */
const RegisterConfirmPage = observer(function RegisterConfirmPage() {
  const intl = useIntl();
  const stores = useStores();
  const { api, session, user } = stores;
  const { userId, code } = useParams();
  usePageTitle(intl.formatMessage({ id: 'confirm.title' }));

  const confirm = useCallback(
    async (signal: AbortSignal) => {
      await api.post(`auth/register/${encodeURIComponent(userId ?? '')}/confirm/${encodeURIComponent(code ?? '')}`, undefined, { silent: true, signal });
      // The banner and the A/B gate read the status: fetch the user again.
      if (session.isAuthenticated) {
        stores.resetUserData();
        void user.load();
      }
      return true;
    },
    [stores, api, session, user, userId, code],
  );
  const { status, error } = useLoader(confirm);
  const outcome = status === 'ready' ? 'done' : status === 'error' ? 'failed' : 'loading';

  return (
    <AuthCard heading={intl.formatMessage({ id: outcome === 'done' ? 'confirm.headingDone' : outcome === 'failed' ? 'confirm.headingFailed' : 'confirm.heading' })}>
      {outcome === 'loading' ? (
        <Spinner aria-label={intl.formatMessage({ id: 'app.loading' })} />
      ) : outcome === 'done' ? (
        <Callout intent="success" role="status">
          {intl.formatMessage({ id: 'confirm.done' })} <Link to={session.isAuthenticated ? '/' : '/login'}>{intl.formatMessage({ id: session.isAuthenticated ? 'confirm.toPanel' : 'confirm.toLogin' })}</Link>
        </Callout>
      ) : (
        <Callout intent="danger" role="alert">
          {(error instanceof ApiError ? error.message : undefined) ?? intl.formatMessage({ id: 'confirm.failed' })} <Link to={session.isAuthenticated ? '/confirm-email' : '/login'}>{intl.formatMessage({ id: 'confirm.again' })}</Link>
        </Callout>
      )}
    </AuthCard>
  );
});

export default RegisterConfirmPage;

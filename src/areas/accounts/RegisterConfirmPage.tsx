import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Callout, Spinner } from '@blueprintjs/core';
import { ApiError, isCancel } from '../../../engine/api';
import { useStores } from '../../app/context';
import { usePageTitle } from '../../app/usePageTitle';
import { AuthCard } from '../../common/AuthCard';

/** /register/:userId/confirm/:code — the link from the confirmation e-mail. */
const RegisterConfirmPage = observer(function RegisterConfirmPage() {
  const intl = useIntl();
  const stores = useStores();
  const { api, session, user } = stores;
  const { userId, code } = useParams();
  const [state, setState] = useState<{ status: 'loading' | 'done' | 'failed'; message?: string }>({ status: 'loading' });
  usePageTitle(intl.formatMessage({ id: 'confirm.title' }));

  useEffect(() => {
    const controller = new AbortController();
    api
      .post(`auth/register/${encodeURIComponent(userId ?? '')}/confirm/${encodeURIComponent(code ?? '')}`, undefined, { silent: true, signal: controller.signal })
      .then(() => {
        setState({ status: 'done' });
        // The banner and the A/B gate read the status: fetch the user again.
        if (session.isAuthenticated) {
          stores.resetUserData();
          void user.load();
        }
      })
      .catch((error: unknown) => {
        if (isCancel(error)) return;
        setState({ status: 'failed', message: error instanceof ApiError ? error.message : undefined });
      });
    return () => controller.abort();
  }, [stores, api, session, user, userId, code]);

  return (
    <AuthCard heading={intl.formatMessage({ id: state.status === 'done' ? 'confirm.headingDone' : state.status === 'failed' ? 'confirm.headingFailed' : 'confirm.heading' })}>
      {state.status === 'loading' ? (
        <Spinner aria-label={intl.formatMessage({ id: 'app.loading' })} />
      ) : state.status === 'done' ? (
        <Callout intent="success" role="status">
          {intl.formatMessage({ id: 'confirm.done' })} <Link to={session.isAuthenticated ? '/' : '/login'}>{intl.formatMessage({ id: session.isAuthenticated ? 'confirm.toPanel' : 'confirm.toLogin' })}</Link>
        </Callout>
      ) : (
        <Callout intent="danger" role="alert">
          {state.message ?? intl.formatMessage({ id: 'confirm.failed' })} <Link to={session.isAuthenticated ? '/confirm-email' : '/login'}>{intl.formatMessage({ id: 'confirm.again' })}</Link>
        </Callout>
      )}
    </AuthCard>
  );
});

export default RegisterConfirmPage;

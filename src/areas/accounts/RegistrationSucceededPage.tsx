import { Link } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Classes, NonIdealState } from '@blueprintjs/core';
import { TickCircle } from '@blueprintjs/icons';
import { useStores } from '../../app/context';
import { usePageTitle } from '../../app/usePageTitle';

/** After sign-up (empty layout): where the confirmation went, and the way into the panel. */
const RegistrationSucceededPage = observer(function RegistrationSucceededPage() {
  const intl = useIntl();
  const { user, session } = useStores();
  usePageTitle(intl.formatMessage({ id: 'registered.title' }));
  return (
    <main style={{ minHeight: '100vh', display: 'flex' }}>
      <NonIdealState
        icon={<TickCircle size={48} className={Classes.INTENT_SUCCESS} />}
        title={intl.formatMessage({ id: 'registered.heading' })}
        description={intl.formatMessage({ id: 'registered.text' }, { email: user.user?.email ?? intl.formatMessage({ id: 'registered.yourEmail' }) })}
        action={<Link to={session.isAuthenticated ? '/' : '/login'}>{intl.formatMessage({ id: 'registered.continue' })}</Link>}
      />
    </main>
  );
});

export default RegistrationSucceededPage;

import { Link } from 'react-router';
import { useIntl } from 'react-intl';
import { NonIdealState } from '@blueprintjs/core';
import { Search } from '@blueprintjs/icons';
import { usePageTitle } from '../app/usePageTitle';

/** The 404 page every unknown path is sent to. */
export default function NotFoundPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'notFound.title' }));
  return (
    <main style={{ minHeight: '100vh', display: 'flex' }}>
      <NonIdealState
        icon={<Search size={48} />}
        title={intl.formatMessage({ id: 'notFound.title' })}
        description={intl.formatMessage({ id: 'notFound.text' })}
        action={<Link to="/">{intl.formatMessage({ id: 'notFound.home' })}</Link>}
      />
    </main>
  );
}

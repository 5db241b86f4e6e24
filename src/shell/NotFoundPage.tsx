import { Link, useLocation } from 'react-router';
import { useIntl } from 'react-intl';
import { NonIdealState } from '@blueprintjs/core';
import { Search } from '@blueprintjs/icons';
import { usePageTitle } from '../app/usePageTitle';
import type { FromState } from '../app/guards';

/**
 * The 404 page: an unknown path shows it in place, so the address stays what the user typed (and is named on the
 * page); inside the panel's frame for a signed-in user (`inPanel`), on its own for a guest. `/404` shows it too,
 * naming the address a redirect came from.
 */
export default function NotFoundPage({ inPanel = false }: { inPanel?: boolean }) {
  const intl = useIntl();
  const location = useLocation();
  const from = (location.state as FromState | null)?.from;
  const address = location.pathname === '/404' ? from : location.pathname + location.search;
  usePageTitle(intl.formatMessage({ id: 'notFound.title' }));
  const text = address ? intl.formatMessage({ id: 'notFound.address' }, { address }) : intl.formatMessage({ id: 'notFound.text' });
  const state = (
    <NonIdealState
      icon={<Search size={48} />}
      title={intl.formatMessage({ id: 'notFound.title' })}
      description={<p style={{ overflowWrap: 'anywhere' }}>{text}</p>}
      action={<Link to="/">{intl.formatMessage({ id: 'notFound.home' })}</Link>}
    />
  );
  return inPanel ? <section style={{ padding: '48px 0' }}>{state}</section> : <main style={{ minHeight: '100vh', display: 'flex' }}>{state}</main>;
}

import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { Error as ErrorIcon } from '@blueprintjs/icons';
import type { Resource } from '../../engine/resource/manifest';
import { useRouteResource } from './useResource';

/** The resource of the current route, loaded; a spinner meanwhile and a message if it failed. */
export function ResourcePageGate({ children }: { children: (resource: Resource) => ReactNode }) {
  const intl = useIntl();
  const { resource, error } = useRouteResource();
  if (resource) return <>{children(resource)}</>;
  if (error) return <NonIdealState icon={<ErrorIcon size={48} />} title={intl.formatMessage({ id: 'app.loadFailed' })} />;
  return <Spinner aria-label={intl.formatMessage({ id: 'app.loading' })} />;
}

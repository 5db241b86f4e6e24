import { useContext, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { Error as ErrorIcon } from '@blueprintjs/icons';
import type { ResourceRow } from '../../../engine/resource/ResourceStore';
import { ResourceList } from '../../resources/ResourceList';
import { ResourceRegistryContext } from '../../resources/registry';
import { useLoadedResource } from '../../resources/useResource';

/** A resource's list inside a tab of this page (its manifest says `list.hosted`), with the cells the page draws itself. */
export function ResourceTab({ id, cells }: { id: string; cells?: Readonly<Record<string, (row: ResourceRow) => ReactNode>> }) {
  const intl = useIntl();
  const registry = useContext(ResourceRegistryContext);
  const { resource, error } = useLoadedResource(registry.get(id));
  if (resource) return <ResourceList key={id} resource={resource} cells={cells} nested />;
  if (error) return <NonIdealState icon={<ErrorIcon size={48} />} title={intl.formatMessage({ id: 'app.loadFailed' })} />;
  return <Spinner aria-label={intl.formatMessage({ id: 'app.loading' })} />;
}

import { useContext, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { Error as ErrorIcon } from '@blueprintjs/icons';
import type { Resource } from '../../engine/resource/manifest';
import { ResourceList, type ResourceListProps } from './ResourceList';
import { ResourceView } from './ResourceView';
import { ResourceRegistryContext } from './registry';
import { useLoadedResource } from './useResource';

/** A resource of the registry, loaded, or its loading and failed states. */
function LoadedResource({ id, children }: { id: string; children: (resource: Resource) => ReactNode }) {
  const intl = useIntl();
  const registry = useContext(ResourceRegistryContext);
  const { resource, error } = useLoadedResource(registry.get(id));
  if (resource) return <>{children(resource)}</>;
  if (error) return <NonIdealState icon={<ErrorIcon size={48} />} title={intl.formatMessage({ id: 'app.loadFailed' })} />;
  return <Spinner aria-label={intl.formatMessage({ id: 'app.loading' })} />;
}

/** A resource's list inside a tab of this page (its manifest says `list.hosted`), with the cells the page draws itself. */
export function ResourceTab({ id, cells, onChanged }: { id: string } & Pick<ResourceListProps, 'cells' | 'onChanged'>) {
  return <LoadedResource id={id}>{(resource) => <ResourceList key={id} resource={resource} cells={cells} onChanged={onChanged} nested />}</LoadedResource>;
}

/** One object of a resource shown as its view page shows it (fields, actions, links), inside another page. */
export function ResourceItem({ id, itemId }: { id: string; itemId: string }) {
  return <LoadedResource id={id}>{(resource) => <ResourceView key={`${id}:${itemId}`} manifest={resource.manifest} id={itemId} />}</LoadedResource>;
}

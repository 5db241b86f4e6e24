import { ResourceList } from './ResourceList';
import { ResourcePageGate } from './ResourcePageGate';

/** The list page of the route's resource (src/resources/registry.ts makes the route from its manifest). */
export default function ResourceListPage() {
  return <ResourcePageGate>{(resource) => <ResourceList key={resource.manifest.id} resource={resource} />}</ResourcePageGate>;
}

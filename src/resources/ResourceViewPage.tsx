import { useParams } from 'react-router';
import { ResourcePageGate } from './ResourcePageGate';
import { ResourceView } from './ResourceView';

/** The view page of one object of the route's resource. */
export default function ResourceViewPage() {
  const { id = '' } = useParams();
  return <ResourcePageGate>{({ manifest }) => <ResourceView key={`${manifest.id}:${id}`} manifest={manifest} id={id} />}</ResourcePageGate>;
}

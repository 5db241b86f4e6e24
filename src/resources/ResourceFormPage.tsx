import { useParams } from 'react-router';
import { ResourceForm } from './ResourceForm';
import { ResourcePageGate } from './ResourcePageGate';

/** The create page (no `:id`) or edit page of the route's resource. */
export default function ResourceFormPage() {
  const { id } = useParams();
  return <ResourcePageGate>{({ manifest }) => <ResourceForm key={`${manifest.id}:${id ?? ''}`} manifest={manifest} id={id} />}</ResourcePageGate>;
}

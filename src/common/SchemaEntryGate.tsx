import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { ErrorIcon } from '@blueprintjs/icons';
import type { SchemaEntry } from '../../engine/schema/SchemaCatalog';
import { useSchemaEntry } from '../app/useSchemaEntry';

/** Loads a catalog schema and renders `children` with it; a spinner meanwhile, an in-place message if it failed. */
export function SchemaEntryGate({ id, children }: { id: string; children: (entry: SchemaEntry) => ReactNode }) {
  const intl = useIntl();
  const { entry, error } = useSchemaEntry(id);
  if (entry) return <>{children(entry)}</>;
  if (error) return <NonIdealState icon={<ErrorIcon size={48} />} title={intl.formatMessage({ id: 'app.loadFailed' })} />;
  return <Spinner aria-label={intl.formatMessage({ id: 'app.loading' })} />;
}

import { useEffect, useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { FormStore } from '../../../engine/form/FormStore';
import { SchemaForm } from '../../../engine/form/SchemaForm';
import type { SchemaEntry } from '../../../engine/schema/SchemaCatalog';
import type { ApiTokenCreated } from '../../../generated/types';
import { theme } from '../../../widgets';
import { useStores } from '../../app/context';

/**
 * The form that makes a token (`POST api-token`, schemas/api-tokens/api-token.schema.json): a name and the access.
 * The server's refusals land under the fields; once made, the token goes to `onCreated` and the form empties.
 */
export const TokenForm = observer(function TokenForm({ entry, onCreated }: { entry: SchemaEntry; onCreated: (token: ApiTokenCreated) => void }) {
  const { api } = useStores();
  const store = useMemo(
    () => new FormStore<ApiTokenCreated>(entry, { submit: async (values) => (await api.post<{ data: ApiTokenCreated }>('api-token', values, { silent: true })).data }),
    [entry, api],
  );
  const created = store.result;
  useEffect(() => {
    if (store.status !== 'succeeded' || !created) return;
    onCreated(created);
    store.reset();
  }, [created, store, store.status, onCreated]);
  useEffect(() => () => store.dispose(), [store]);
  return <SchemaForm store={store} theme={theme} />;
});

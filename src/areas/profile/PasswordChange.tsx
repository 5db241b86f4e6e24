import { useEffect, useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { FormStore } from '../../../engine/form/FormStore';
import { SchemaForm } from '../../../engine/form/SchemaForm';
import type { SchemaEntry } from '../../../engine/schema/SchemaCatalog';
import { theme } from '../../../widgets';
import { useStores } from '../../app/context';
import { toast } from '../../app/toast';

/**
 * Changing the password: the current one, then the new one twice (the server checks the rules and ends every
 * other session). After it worked the fields empty and a toast says the server's words.
 */
export const PasswordChange = observer(function PasswordChange({ entry }: { entry: SchemaEntry }) {
  const { api } = useStores();
  const store = useMemo(
    () =>
      new FormStore<string>(entry, {
        submit: async (values) => (await api.put<{ data: { message: string } }>('profile/password', values, { silent: true })).data.message,
      }),
    [entry, api],
  );
  const message = store.result;
  useEffect(() => {
    if (store.status !== 'succeeded' || !message) return;
    toast(message, 'success');
    store.reset();
  }, [message, store, store.status]);
  useEffect(() => () => store.dispose(), [store]);
  return <SchemaForm store={store} theme={theme} />;
});

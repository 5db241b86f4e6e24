import { useEffect, useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { FormStore } from '../../../engine/form/FormStore';
import { SchemaForm } from '../../../engine/form/SchemaForm';
import type { SchemaEntry } from '../../../engine/schema/SchemaCatalog';
import type { Conversion } from '../../../generated/types';
import { theme } from '../../../widgets';
import { useStores } from '../../app/context';
import { useLookupContext } from '../../common/useLookupContext';
import { ConversionOutcome } from './ConversionOutcome';
import styles from './Tracking.module.css';

/**
 * The test conversion (`POST tracking/test-conversion`, schemas/tracking/test-conversion.schema.json): a campaign, a
 * type and a payout. The form keeps its values after a send, so the same test can be sent again (to see a duplicate);
 * a refusal (422 under the fields, 409 when the campaign has no click yet) keeps them too. The last outcome shows
 * under the form until the next send, which hides it while it runs or when it fails, so it is never mistaken for
 * that send's.
 */
export const TestConversionForm = observer(function TestConversionForm({
  entry,
  typeName,
  onSent,
}: {
  entry: SchemaEntry;
  typeName: (id: string) => string;
  onSent: (conversion: Conversion) => void;
}) {
  const { api } = useStores();
  const store = useMemo(
    () => new FormStore<Conversion>(entry, { submit: async (values) => (await api.post<{ data: Conversion }>('tracking/test-conversion', values, { silent: true })).data }),
    [entry, api],
  );
  const formContext = useLookupContext(store);
  const sent = store.status === 'succeeded' ? store.result : undefined;
  useEffect(() => {
    if (sent) onSent(sent);
  }, [sent, onSent]);
  useEffect(() => () => store.dispose(), [store]);
  const shown = store.status === 'submitting' || store.status === 'failed' ? undefined : store.result;
  return (
    <>
      <SchemaForm store={store} theme={theme} formContext={formContext} />
      <div className={styles.outcome} aria-live="polite">
        {shown && <ConversionOutcome conversion={shown} typeName={typeName} />}
      </div>
    </>
  );
});

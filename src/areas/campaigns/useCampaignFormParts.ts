import { useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { FormStore, FormValues } from '../../../engine/form/FormStore';
import type { SchemaEntry } from '../../../engine/schema/SchemaCatalog';
import { useStores } from '../../app/context';
import type { AdFormatInfo } from '../../common/adFormats';
import { useLookupContext } from '../../common/useLookupContext';
import { campaignUiPatch } from './campaignForm';
import { useTrafficEstimate } from './useTrafficEstimate';

/**
 * What a campaign form needs around its store, for the page and its Storybook story alike: the lookups, the live
 * traffic estimate, and the per-format UI patch, which follows the pricing model and limit type while sections open
 * where the starting values set a target. Disposes the store when it is replaced.
 */
export function useCampaignFormParts(entry: SchemaEntry, store: FormStore, format: AdFormatInfo, offered: readonly string[], initial: FormValues) {
  const intl = useIntl();
  const { api, settings } = useStores();
  useEffect(() => () => store.dispose(), [store]);
  const lookups = useLookupContext(store);
  const estimate = useTrafficEstimate(api, store, format.id, offered);
  const model = String(store.values.pricing_model ?? '');
  const limitType = String((store.values.limits as { type?: string } | undefined)?.type ?? '');
  const allTargets = useMemo(() => Object.keys(((entry.schema.properties?.targets as { properties?: object } | undefined)?.properties ?? {}) as object), [entry]);
  const uiPatch = useMemo(
    () =>
      campaignUiPatch(format, offered, allTargets, settings.data ?? {}, { ...initial, pricing_model: model, limits: { type: limitType } }, {
        minimum: (value) => intl.formatMessage({ id: 'campaignForm.minimum' }, { value }),
      }),
    [format, offered, allTargets, settings.data, initial, model, limitType, intl],
  );
  return { lookups, estimate, uiPatch };
}

import { useCallback } from 'react';
import { useIntl } from 'react-intl';

export { usePanelLocale } from '../../i18n';

/** A day of the subscription (paid until, grace until: 00:00 UTC) as a date, read in UTC so no time zone shifts it. */
export function useUtcDate() {
  const intl = useIntl();
  return useCallback((iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeZone: 'UTC' }), [intl]);
}

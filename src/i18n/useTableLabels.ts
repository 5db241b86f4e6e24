import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { SchemaTableLabels } from '../../widgets/table/SchemaTableView';

/**
 * The table chrome in the user's language (`table.*` in src/locales/<locale>/panelWidgets.json), for
 * `<SchemaTableView labels={useTableLabels()} locale={intl.locale} />`.
 */
export function useTableLabels(): SchemaTableLabels {
  const intl = useIntl();
  return useMemo(() => {
    const t = (id: string) => intl.formatMessage({ id: `table.${id}` });
    return {
      total: t('total'),
      emptyTitle: t('emptyTitle'),
      emptyDescription: t('emptyDescription'),
      errorTitle: t('errorTitle'),
      retry: t('retry'),
      loading: t('loading'),
      rowsPerPage: t('rowsPerPage'),
      all: t('all'),
      previousPage: t('previousPage'),
      nextPage: t('nextPage'),
      range: (from, to, count) =>
        intl.formatMessage({ id: 'table.range' }, { from: intl.formatNumber(from), to: intl.formatNumber(to), count: intl.formatNumber(count) }),
    };
  }, [intl]);
}

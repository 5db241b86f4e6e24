import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Alert, Button, ButtonGroup, H2, HTMLSelect, InputGroup, Tag, Tooltip } from '@blueprintjs/core';
import { Duplicate, Edit, Plus, Search, Trash } from '@blueprintjs/icons';
import type { AdRow } from '../../../generated/types';
import type { ColumnSet } from '../../../engine/table/columnSet';
import { useSchemaTable } from '../../../engine/table/useSchemaTable';
import type { TableQuery } from '../../../engine/table/TableStore';
import { SchemaTableView } from '../../../widgets/table/SchemaTableView';
import adsColumns from '../../../schemas/ads/ads.columns.json';
import { useStores } from '../../app/context';
import { tableParams } from '../../app/tableParams';
import { toast } from '../../app/toast';
import { useTableLabels } from '../../i18n';
import { RouterAnchorButton } from '../../shell/RouterAnchorButton';
import { formatAdDate, useAdFormats, useFormatTexts } from '../../common/adFormats';
import { ApprovalTag } from '../../common/ApprovalTag';
import styles from '../../common/AdsPage.module.css';

interface Filters {
  search: string;
  format: string;
  approval: string;
}

const columnSet = adsColumns as unknown as ColumnSet;
const APPROVALS = ['pending', 'approved', 'rejected', 'needs_edits', 'none'];

/** /ads: the user's ads with filters, sort, paging (15/25/50/all) and delete with confirmation. */
const AdsPage = observer(function AdsPage() {
  const intl = useIntl();
  const { api } = useStores();
  const formats = useAdFormats();
  const formatTexts = useFormatTexts();
  const labels = useTableLabels();
  const [filters, setFilters] = useState<Filters>({ search: '', format: '', approval: '' });
  const [deleting, setDeleting] = useState<AdRow | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    async (q: TableQuery<Filters>, signal: AbortSignal) => {
      const answer = await api.get<{ data: AdRow[]; recordsFiltered: number }>('ads/table', {
        signal,
        params: {
          ...tableParams(q),
          ...(q.filters.search.trim() ? { search: q.filters.search.trim() } : {}),
          ...(q.filters.format ? { format: [q.filters.format] } : {}),
          ...(q.filters.approval ? { approval: [q.filters.approval] } : {}),
        },
      });
      return { rows: answer.data, recordsFiltered: answer.recordsFiltered };
    },
    [api],
  );
  const table = useSchemaTable<AdRow, Filters>({ columnSet, filters, load, mode: 'server' });

  const byId = useMemo(() => new Map((formats ?? []).map((f) => [f.id, f])), [formats]);
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await api.delete(`ads/${deleting.id}`);
      toast(intl.formatMessage({ id: 'ads.deleted' }, { name: deleting.name }), 'success');
      setDeleting(null);
      void table.reload();
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };

  const renderCell = (column: { id: string }, row: AdRow) => {
    switch (column.id) {
      case 'name':
        return <Link to={`/ads/${row.id}`}>{row.name}</Link>;
      case 'format':
        return formatTexts.name(byId.get(row.format), row.format);
      case 'status':
        return intl.formatMessage({ id: `ads.status.${row.status}` });
      case 'approval':
        return <ApprovalTag status={row.approval} cause={row.reject_cause} />;
      case 'created_at':
        return <time dateTime={row.created_at}>{formatAdDate(row.created_at, intl.locale)}</time>;
      case 'actions':
        return (
          <ButtonGroup variant="minimal">
            <Tooltip content={intl.formatMessage({ id: 'ads.edit' })}>
              <RouterAnchorButton icon={<Edit />} aria-label={intl.formatMessage({ id: 'ads.editNamed' }, { name: row.name })} to={`/ads/${row.id}/edit`} />
            </Tooltip>
            <Tooltip content={intl.formatMessage({ id: 'ads.duplicate' })}>
              <RouterAnchorButton icon={<Duplicate />} aria-label={intl.formatMessage({ id: 'ads.duplicateNamed' }, { name: row.name })} to={`/ads/${row.id}/duplicate`} />
            </Tooltip>
            <Tooltip content={intl.formatMessage({ id: 'ads.delete' })}>
              <Button icon={<Trash />} intent="danger" aria-label={intl.formatMessage({ id: 'ads.deleteNamed' }, { name: row.name })} onClick={() => setDeleting(row)} />
            </Tooltip>
          </ButtonGroup>
        );
      default:
        return undefined;
    }
  };

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <H2>{intl.formatMessage({ id: 'ads.title' })}</H2>
        <RouterAnchorButton intent="primary" icon={<Plus />} to="/ads/create" text={intl.formatMessage({ id: 'ads.create' })} />
      </header>
      <div className={styles.filters} role="search">
        <InputGroup
          leftElement={<Search />}
          type="search"
          value={filters.search}
          placeholder={intl.formatMessage({ id: 'ads.search' })}
          aria-label={intl.formatMessage({ id: 'ads.search' })}
          onValueChange={(search) => setFilters((f) => ({ ...f, search }))}
        />
        <HTMLSelect
          aria-label={intl.formatMessage({ id: 'ads.filter.format' })}
          value={filters.format}
          onChange={(e) => setFilters((f) => ({ ...f, format: e.target.value }))}
        >
          <option value="">{intl.formatMessage({ id: 'ads.filter.allFormats' })}</option>
          {(formats ?? []).map((f) => (
            <option key={f.id} value={f.id}>
              {formatTexts.name(f)}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          aria-label={intl.formatMessage({ id: 'ads.filter.approval' })}
          value={filters.approval}
          onChange={(e) => setFilters((f) => ({ ...f, approval: e.target.value }))}
        >
          <option value="">{intl.formatMessage({ id: 'ads.filter.allApprovals' })}</option>
          {APPROVALS.map((a) => (
            <option key={a} value={a}>
              {intl.formatMessage({ id: `ads.approval.${a}` })}
            </option>
          ))}
        </HTMLSelect>
      </div>
      <SchemaTableView
        table={table}
        locale={intl.locale}
        labels={{ ...labels, emptyTitle: intl.formatMessage({ id: 'ads.empty' }), emptyDescription: intl.formatMessage({ id: 'ads.emptyHint' }) }}
        columnTitle={(c) => intl.formatMessage({ id: `ads.column.${c.id}` })}
        renderCell={renderCell}
        rowKey={(row) => row.id}
      />
      <Alert
        isOpen={deleting !== null}
        intent="danger"
        icon={<Trash />}
        loading={busy}
        cancelButtonText={intl.formatMessage({ id: 'ads.cancel' })}
        confirmButtonText={intl.formatMessage({ id: 'ads.delete' })}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      >
        <p>{deleting ? intl.formatMessage({ id: 'ads.deleteConfirm' }, { name: deleting.name }) : null}</p>
        {deleting?.campaigns ? <Tag intent="warning">{intl.formatMessage({ id: 'ads.deleteCampaigns' }, { count: deleting.campaigns })}</Tag> : null}
      </Alert>
    </section>
  );
});

export default AdsPage;

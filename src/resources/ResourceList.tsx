import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button, Checkbox, H2, H3, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { Plus, Search } from '@blueprintjs/icons';
import type { Resource } from '../../engine/resource/manifest';
import type { ColumnDef } from '../../engine/table/columnSet';
import { ResourceStore, type ResourceRow } from '../../engine/resource/ResourceStore';
import { SchemaTableView } from '../../widgets/table/SchemaTableView';
import { useStores } from '../app/context';
import { useMoney } from '../common/useMoney';
import { useTableLabels } from '../i18n';
import { RouterAnchorButton } from '../shell/RouterAnchorButton';
import { ActionIcon, BulkReportDialog, ResultDialog, RowActions, useActionFlow, useActionText } from './ResourceActions';
import { StatusTag } from './FieldValue';
import { useResourceText } from './useResource';
import { pathOf } from './paths';
import { saveFile } from './saveFile';
import styles from './resources.module.css';

/** What a page composing the list may add to it. */
export interface ResourceListProps {
  resource: Resource;
  /** Cells the page draws itself, by column id (a value the manifest cannot label, e.g. a name from the settings). */
  cells?: Readonly<Record<string, (row: ResourceRow) => ReactNode>>;
  /** Shown inside another page (a tab, which names it): the heading is for screen readers only, no page padding. */
  nested?: boolean;
  /** Called after an action or a bulk action changed objects (the page reloads what it shows of them). */
  onChanged?: () => void;
}

/**
 * The list page of any resource, drawn from its manifest: heading and create button, search and filters (kept in
 * the URL, so a link or the back button restores them), the table with paging 15/25/50/all and sort, row actions
 * allowed by each row's status (edit only in the statuses `form.statuses` names), and bulk actions over the selected
 * rows with their per-row report.
 */
export const ResourceList = observer(function ResourceList({ resource, cells, nested = false, onChanged }: ResourceListProps) {
  const intl = useIntl();
  const { api } = useStores();
  const location = useLocation();
  const navigate = useNavigate();
  const labels = useTableLabels();
  const { manifest } = resource;
  const t = useResourceText(manifest);
  const money = useMoney();
  const actionText = useActionText(manifest);
  const [store] = useState(() => new ResourceStore(resource, api, { saveFile }));

  // The URL is the list's state: read it on every navigation, write the store's back when it changes.
  useEffect(() => store.applyQuery(location.search), [store, location.search]);
  useEffect(
    () =>
      reaction(
        () => store.queryString,
        (query) => {
          if (query !== location.search.replace(/^\?/, '')) navigate({ search: query ? `?${query}` : '' }, { replace: true });
        },
      ),
    [store, navigate, location.search],
  );
  useEffect(() => () => store.dispose(), [store]);
  const changed = useRef(onChanged);
  changed.current = onChanged;
  useEffect(() => reaction(() => store.changes, () => changed.current?.()), [store]);

  const flow = useActionFlow({
    manifest,
    nameOf: store.nameOf,
    runRow: store.runAction,
    runBulk: store.runBulk,
    selectedCount: store.selected.size,
  });

  const { table } = store;
  const filters = manifest.list.filters ?? [];
  const linkColumn = manifest.list.link ?? manifest.api.nameField ?? 'name';
  // The labels of a column's values, with their translation keys: a filter's options of the same id, else the view's.
  const optionsOf = useMemo(() => {
    const labels = new Map<string, { key: string; english: string }>();
    for (const f of manifest.view?.fields ?? []) for (const [value, english] of Object.entries(f.options ?? {})) labels.set(`${f.id}\u0000${value}`, { key: `view.fields.${f.id}.options.${value}`, english });
    for (const f of manifest.list.filters ?? []) for (const o of f.options) labels.set(`${f.id}\u0000${o.value}`, { key: `list.filters.${f.id}.options.${o.value}`, english: o.title });
    return labels;
  }, [manifest]);
  const viewPath = (row: ResourceRow) => (manifest.routes.view ? pathOf(manifest.routes.view, store.idOf(row)) : undefined);

  const renderCell = (column: ColumnDef, row: ResourceRow) => {
    const name = store.nameOf(row);
    if (column.id === 'select') {
      return <Checkbox className={styles.check} checked={store.selected.has(store.idOf(row))} onChange={() => store.toggle(row)} aria-label={intl.formatMessage({ id: 'resources.selectRow' }, { name })} />;
    }
    if (column.id === 'actions') {
      return (
        <RowActions
          manifest={manifest}
          row={row}
          name={name}
          allows={(action) => store.allows(action, row)}
          busy={store.busy.has(store.idOf(row))}
          editTo={manifest.routes.edit && store.canEdit(row) ? pathOf(manifest.routes.edit, store.idOf(row)) : undefined}
          onAction={flow.request}
        />
      );
    }
    const own = cells?.[column.id];
    if (own) return own(row);
    if (column.id === manifest.api.statusField) return <StatusTag manifest={manifest} status={String(row[column.id] ?? '')} />;
    const to = column.id === linkColumn ? viewPath(row) : undefined;
    if (to) return <Link to={to}>{String(row[column.id] ?? '') || name}</Link>;
    const option = optionsOf.get(`${column.id}\u0000${String(row[column.id])}`);
    if (option) return t(option.key, option.english);
    // Money in the network's currency, as the view page shows it (an empty one is the table's dash).
    const value = row[column.id];
    if ((column.type === 'money' || column.type === 'cost') && value !== null && value !== undefined && value !== '') return money(String(value), column.type);
    return undefined;
  };

  const title = t('title', manifest.title);
  const Heading = nested ? H3 : H2;
  return (
    <section className={nested ? styles.nested : styles.page} aria-labelledby={`resource-${manifest.id}-title`}>
      <header className={styles.header}>
        <Heading id={`resource-${manifest.id}-title`} className={nested ? styles.visuallyHidden : undefined}>
          {title}
        </Heading>
        {manifest.routes.create && <RouterAnchorButton intent="primary" icon={<Plus />} to={manifest.routes.create} text={t('texts.create', manifest.texts.create ?? manifest.item)} />}
      </header>
      {(manifest.list.search || filters.length > 0) && (
        <div className={styles.filters} role="search">
          {manifest.list.search && (
            <InputGroup
              leftElement={<Search />}
              type="search"
              value={table.filters.search}
              placeholder={t('list.search.placeholder', manifest.list.search.placeholder)}
              aria-label={t('list.search.placeholder', manifest.list.search.placeholder)}
              onValueChange={store.setSearch}
            />
          )}
          {filters.map((filter) => {
            const chosen = (table.filters[filter.id] as string[] | undefined) ?? [];
            const filterTitle = t(`list.filters.${filter.id}.title`, filter.title);
            return (
              <HTMLSelect key={filter.id} aria-label={filterTitle} value={chosen[0] ?? ''} onChange={(e) => store.setFilter(filter.id, e.target.value ? [e.target.value] : [])}>
                <option value="">{intl.formatMessage({ id: 'resources.filterAll' }, { filter: filterTitle })}</option>
                {filter.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {t(`list.filters.${filter.id}.options.${option.value}`, option.title)}
                  </option>
                ))}
              </HTMLSelect>
            );
          })}
        </div>
      )}
      {store.selected.size > 0 && store.bulkActions.length > 0 && (
        <div className={styles.bulkBar} role="toolbar" aria-label={intl.formatMessage({ id: 'resources.bulkActions' })}>
          <span aria-live="polite">{intl.formatMessage({ id: 'resources.selected' }, { count: store.selected.size })}</span>
          {store.bulkActions.map((action) => (
            <Button
              key={action.id}
              icon={<ActionIcon name={action.icon} />}
              intent={action.intent === 'none' ? undefined : action.intent}
              text={actionText.title(action)}
              loading={store.bulkRunning}
              onClick={() => flow.request(action, null)}
            />
          ))}
          <Button variant="minimal" text={intl.formatMessage({ id: 'resources.clearSelection' })} onClick={() => store.selected.clear()} />
        </div>
      )}
      <SchemaTableView
        table={table}
        locale={intl.locale}
        labels={{ ...labels, emptyTitle: t('texts.empty', manifest.texts.empty), emptyDescription: t('texts.emptyHint', manifest.texts.emptyHint) }}
        columnTitle={(c) => (c.id === 'actions' ? intl.formatMessage({ id: 'resources.actions' }) : t(`columns.${c.id}`, c.title))}
        renderHeader={(column) =>
          column.id === 'select' ? (
            <Checkbox className={styles.check} checked={store.allSelected} indeterminate={store.selected.size > 0 && !store.allSelected} onChange={store.toggleAll} aria-label={intl.formatMessage({ id: 'resources.selectAll' })} />
          ) : undefined
        }
        renderCell={renderCell}
        rowKey={(row) => store.idOf(row)}
      />
      {flow.dialogs}
      <BulkReportDialog manifest={manifest} report={store.report} nameOf={store.nameOf} onClose={store.dismissReport} />
      <ResultDialog manifest={manifest} result={store.result} onClose={store.dismissResult} />
    </section>
  );
});

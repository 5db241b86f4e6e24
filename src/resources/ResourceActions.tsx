import { useState, type ComponentType, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Alert, Button, ButtonGroup, Classes, Dialog, DialogBody, DialogFooter, HTMLTable, Tooltip, type Intent as BlueprintIntent } from '@blueprintjs/core';
import { Document, Download, Edit, Pause, Play, SendMessage, Trash, Refresh, Tick, Cross, Error as ErrorIcon } from '@blueprintjs/icons';
import type { ResourceAction, ResourceManifest } from '../../engine/resource/manifest';
import type { ActionResult, BulkReport, ResourceRow } from '../../engine/resource/ResourceStore';
import { toast } from '../app/toast';
import { RouterAnchorButton } from '../shell/RouterAnchorButton';
import { FieldValue } from './FieldValue';
import { useResourceText } from './useResource';

/** Action `icon` names (Blueprint's kebab-case) → components; an unknown name shows no icon. */
const ICONS: Record<string, ComponentType> = { play: Play, pause: Pause, trash: Trash, 'send-message': SendMessage, refresh: Refresh, edit: Edit, document: Document, download: Download };

const intentOf = (intent: ResourceAction['intent']): BlueprintIntent | undefined => (intent === 'none' ? undefined : intent);

export function ActionIcon({ name }: { name?: string }) {
  const Icon = name ? ICONS[name] : undefined;
  return Icon ? <Icon /> : null;
}

/** An action's translated title (`resource.<id>.actions.<action>.title`). */
export function useActionText(manifest: ResourceManifest) {
  const t = useResourceText(manifest);
  return {
    title: (a: ResourceAction) => t(`actions.${a.id}.title`, a.title),
    confirm: (a: ResourceAction, name: string) => t(`actions.${a.id}.confirm`, a.confirm ?? '', { name }),
    done: (a: ResourceAction, name: string) => (a.done ? t(`actions.${a.id}.done`, a.done, { name }) : null),
  };
}

/** A pending action: asked for, waiting for the user's confirmation. */
interface Pending {
  action: ResourceAction;
  /** One object, or null for the selected ones (bulk). */
  row: ResourceRow | null;
}

/**
 * Runs actions the way a user expects: destructive ones (and any with a `confirm` text) ask first; a row action's
 * success says so in a toast; a bulk action asks with the count, then shows what was done, skipped and why.
 * `dialogs` must be rendered by the page.
 */
export function useActionFlow(options: {
  manifest: ResourceManifest;
  nameOf: (row: ResourceRow) => string;
  runRow: (action: ResourceAction, row: ResourceRow) => Promise<void>;
  runBulk?: (action: ResourceAction) => Promise<BulkReport>;
  selectedCount?: number;
  /** After a row action succeeded (e.g. the view page leaves after a delete). */
  afterRow?: (action: ResourceAction, row: ResourceRow) => void;
}) {
  const intl = useIntl();
  const texts = useActionText(options.manifest);
  const [pending, setPending] = useState<Pending | null>(null);
  const [running, setRunning] = useState(false);

  const run = async ({ action, row }: Pending) => {
    setRunning(true);
    try {
      if (row) {
        await options.runRow(action, row);
        const done = texts.done(action, options.nameOf(row));
        if (done) toast(done, 'success');
        options.afterRow?.(action, row);
      } else {
        await options.runBulk?.(action);
      }
    } catch {
      // The API client has shown why; the row is as it was.
    } finally {
      setRunning(false);
      setPending(null);
    }
  };

  const request = (action: ResourceAction, row: ResourceRow | null) => {
    const ask = action.confirm || action.intent === 'danger' || action.call.method === 'DELETE';
    if (ask) setPending({ action, row });
    else void run({ action, row });
  };

  const question = pending
    ? pending.row
      ? texts.confirm(pending.action, options.nameOf(pending.row))
      : intl.formatMessage({ id: 'resources.bulkConfirm' }, { action: texts.title(pending.action), count: options.selectedCount ?? 0 })
    : '';
  const dialogs = (
    <Alert
      isOpen={pending !== null}
      intent={intentOf(pending?.action.intent)}
      icon={pending ? <ActionIcon name={pending.action.icon} /> : undefined}
      loading={running}
      cancelButtonText={intl.formatMessage({ id: 'resources.cancel' })}
      confirmButtonText={pending ? texts.title(pending.action) : ''}
      onCancel={() => setPending(null)}
      onConfirm={() => pending && void run(pending)}
    >
      <p>{question}</p>
    </Alert>
  );
  return { request, running, dialogs };
}

/** The buttons of one object's actions its status allows, and its edit link. */
export function RowActions({
  manifest,
  row,
  name,
  allows,
  busy,
  editTo,
  onAction,
  minimal = true,
}: {
  manifest: ResourceManifest;
  row: ResourceRow;
  name: string;
  allows: (action: ResourceAction) => boolean;
  busy: boolean;
  editTo?: string;
  onAction: (action: ResourceAction, row: ResourceRow) => void;
  minimal?: boolean;
}) {
  const intl = useIntl();
  const texts = useActionText(manifest);
  const actions = (manifest.actions ?? []).filter(allows);
  const label = (title: string) => intl.formatMessage({ id: 'resources.actionNamed' }, { action: title, name });
  return (
    <ButtonGroup variant={minimal ? 'minimal' : undefined}>
      {editTo && (
        <Tooltip content={intl.formatMessage({ id: 'resources.edit' })} disabled={!minimal}>
          <RouterAnchorButton icon={<Edit />} to={editTo} aria-label={label(intl.formatMessage({ id: 'resources.edit' }))} text={minimal ? undefined : intl.formatMessage({ id: 'resources.edit' })} />
        </Tooltip>
      )}
      {actions.map((action) => (
        <Tooltip key={action.id} content={texts.title(action)} disabled={!minimal}>
          <Button
            icon={<ActionIcon name={action.icon} />}
            intent={intentOf(action.intent)}
            loading={busy}
            aria-label={label(texts.title(action))}
            text={minimal ? undefined : texts.title(action)}
            onClick={() => onAction(action, row)}
          />
        </Tooltip>
      ))}
    </ButtonGroup>
  );
}

/** What a bulk action did: how many were done, and each row skipped or failed, with why. */
export function BulkReportDialog({ manifest, report, nameOf, onClose }: { manifest: ResourceManifest; report: BulkReport | null; nameOf: (row: ResourceRow) => string; onClose: () => void }) {
  const intl = useIntl();
  const t = useResourceText(manifest);
  const texts = useActionText(manifest);
  if (!report) return null;
  const statusTitle = (status: string) => t(`statuses.${status}.title`, manifest.statuses?.[status]?.title ?? status);
  const lines: { key: string; icon: ReactNode; text: string }[] = [
    ...report.skipped.map(({ row, status }) => ({ key: `s${nameOf(row)}`, icon: <Cross />, text: intl.formatMessage({ id: 'resources.report.skipped' }, { name: nameOf(row), status: statusTitle(status) }) })),
    ...report.failed.map(({ row, message }) => ({ key: `f${nameOf(row)}`, icon: <ErrorIcon />, text: intl.formatMessage({ id: 'resources.report.failed' }, { name: nameOf(row), message }) })),
  ];
  return (
    <Dialog isOpen title={intl.formatMessage({ id: 'resources.report.title' }, { action: texts.title(report.action) })} onClose={onClose}>
      <DialogBody>
        <p role="status">
          <Tick /> {intl.formatMessage({ id: 'resources.report.done' }, { count: report.done.length })}
        </p>
        {lines.length > 0 && (
          <ul className={Classes.LIST_UNSTYLED}>
            {lines.map((line) => (
              <li key={line.key}>
                {line.icon} {line.text}
              </li>
            ))}
          </ul>
        )}
      </DialogBody>
      <DialogFooter actions={<Button intent="primary" text={intl.formatMessage({ id: 'resources.close' })} onClick={onClose} autoFocus />} />
    </Dialog>
  );
}

/** The answer of a `result` action (a test request) as a table of its fields. */
export function ResultDialog({ manifest, result, onClose }: { manifest: ResourceManifest; result: ActionResult | null; onClose: () => void }) {
  const intl = useIntl();
  const t = useResourceText(manifest);
  const spec = result?.action.result;
  if (!result || !spec) return null;
  const base = `actions.${result.action.id}.result`;
  return (
    <Dialog isOpen title={t(`${base}.title`, spec.title)} onClose={onClose}>
      <DialogBody>
        <HTMLTable compact>
          <tbody>
            {spec.fields.map((field) => (
              <tr key={field.id}>
                <th scope="row">{t(`${base}.fields.${field.id}.title`, field.title)}</th>
                <td>
                  <FieldValue manifest={manifest} field={field} row={result.data} path={`${base}.fields.${field.id}`} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </DialogBody>
      <DialogFooter actions={<Button intent="primary" text={intl.formatMessage({ id: 'resources.close' })} onClick={onClose} autoFocus />} />
    </Dialog>
  );
}

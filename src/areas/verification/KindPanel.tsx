import { useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Alert, Button, Callout, Card, H3, H4, Intent, Tag } from '@blueprintjs/core';
import { Camera, Document, SendMessage, Undo } from '@blueprintjs/icons';
import type { VerificationStatus, VerificationType } from '../../../generated/types';
import { useStores } from '../../app/context';
import { toast } from '../../app/toast';
import { DocumentDrop } from './DocumentDrop';
import { MAX_FILES, type VerificationStore } from './VerificationStore';
import styles from './VerificationPage.module.css';

const STATUS_INTENT: Record<VerificationStatus, Intent> = { pending: Intent.PRIMARY, approved: Intent.SUCCESS, rejected: Intent.DANGER };

/** A kind's status as a tag: not sent, pending review, approved, rejected. */
export function StatusTag({ status }: { status: VerificationStatus | null }) {
  const intl = useIntl();
  return (
    <Tag minimal round intent={status ? STATUS_INTENT[status] : Intent.NONE} className={styles.status}>
      {intl.formatMessage({ id: `verification.status.${status ?? 'none'}` })}
    </Tag>
  );
}

/**
 * Where the latest verification of a kind stands: its date, the files sent, the reason of a rejection; a pending one
 * carries its Withdraw button (`onWithdraw` opens the confirmation).
 */
const Standing = observer(function Standing({ store, kind, onWithdraw }: { store: VerificationStore; kind: VerificationType; onWithdraw: () => void }) {
  const intl = useIntl();
  const latest = store.latest(kind);
  if (!latest) return null;
  const date = (iso: string | null) => (iso ? intl.formatDate(iso, { dateStyle: 'medium' }) : '');
  const withdrawing = store.busy?.kind === kind && store.busy.action === 'withdraw';
  const when =
    latest.status === 'pending'
      ? intl.formatMessage({ id: 'verification.sentOn' }, { date: date(latest.created_at) })
      : intl.formatMessage({ id: 'verification.decidedOn' }, { date: date(latest.decided_at) });
  return (
    <Callout intent={STATUS_INTENT[latest.status]} title={intl.formatMessage({ id: `verification.${latest.status}Title` })}>
      <p className={styles.when}>{when}</p>
      <p>{intl.formatMessage({ id: `verification.${latest.status}Text` })}</p>
      {latest.status === 'rejected' ? (
        <>
          {latest.reject_reason && (
            <p>
              <strong>{intl.formatMessage({ id: 'verification.reason' })}</strong> {latest.reject_reason}
            </p>
          )}
          <p>{intl.formatMessage({ id: 'verification.sendAgain' })}</p>
        </>
      ) : (
        <ul className={styles.sentList} aria-label={intl.formatMessage({ id: 'verification.sentFiles' })}>
          {latest.documents.map((d) => (
            <li key={d.id}>
              <Document size={12} aria-hidden /> {d.name ?? intl.formatMessage({ id: 'verification.unknownFile' }, { id: d.id })}
            </li>
          ))}
        </ul>
      )}
      {latest.status === 'pending' && (
        <div className={styles.actions}>
          <Button icon={<Undo />} intent={Intent.DANGER} variant="outlined" loading={withdrawing} disabled={store.busy !== null && !withdrawing} onClick={onWithdraw}>
            {intl.formatMessage({ id: 'verification.withdraw' })}
          </Button>
        </div>
      )}
    </Callout>
  );
});

/** What a kind needs: the document, the general rules of a readable photo, and a good example in words. */
function Instructions({ kind }: { kind: VerificationType }) {
  const intl = useIntl();
  const { network } = useStores();
  const values = { network: network.name, date: intl.formatDate(new Date(), { day: '2-digit', month: '2-digit', year: 'numeric' }) };
  return (
    <div className={styles.instructions}>
      <section aria-labelledby={`needs-${kind}`}>
        <H4 id={`needs-${kind}`}>{intl.formatMessage({ id: 'verification.whatToSend' })}</H4>
        <p>{intl.formatMessage({ id: `verification.kind.${kind}.needs` }, values)}</p>
        <ul className={styles.tips}>
          <li>{intl.formatMessage({ id: 'verification.tip.whole' })}</li>
          <li>{intl.formatMessage({ id: 'verification.tip.readable' })}</li>
          <li>{intl.formatMessage({ id: 'verification.tip.name' })}</li>
        </ul>
      </section>
      <section aria-labelledby={`example-${kind}`} className={styles.example}>
        <Camera size={20} className={styles.exampleIcon} aria-hidden />
        <div>
          <H4 id={`example-${kind}`}>{intl.formatMessage({ id: 'verification.goodPhoto' })}</H4>
          <p>{intl.formatMessage({ id: `verification.kind.${kind}.example` }, values)}</p>
        </div>
      </section>
    </div>
  );
}

/**
 * One kind of document: where it stands, what to send, and (when it may be sent: never sent or rejected) the upload
 * area, the server's errors about this kind and Send; a pending one can be withdrawn after a confirmation.
 */
export const KindPanel = observer(function KindPanel({ store, kind }: { store: VerificationStore; kind: VerificationType }) {
  const intl = useIntl();
  const [confirm, setConfirm] = useState(false);
  // Send and withdraw replace the buttons they were pressed on: the keyboard goes back to the kind's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const status = store.statusOf(kind);
  const title = intl.formatMessage({ id: `verification.kind.${kind}.title` });
  const errors = store.errors[kind] ?? [];
  const sending = store.busy?.kind === kind && store.busy.action === 'send';
  const hint = `files-hint-${kind}`;
  const limit = intl.formatMessage({ id: 'verification.filesHint' }, { max: MAX_FILES });

  return (
    <Card className={styles.panel} aria-labelledby={`kind-${kind}`} role="region">
      <header className={styles.panelHeader}>
        <H3 id={`kind-${kind}`} ref={heading} tabIndex={-1} className={styles.heading}>
          {title}
        </H3>
        <StatusTag status={status} />
      </header>
      <Standing store={store} kind={kind} onWithdraw={() => setConfirm(true)} />
      <Instructions kind={kind} />
      {store.canSend(kind) && (
        <section className={styles.send} aria-labelledby={`send-${kind}`}>
          <H4 id={`send-${kind}`}>{intl.formatMessage({ id: status === 'rejected' ? 'verification.sendNew' : 'verification.yourFiles' })}</H4>
          <p id={hint} className={styles.hint}>
            {limit}
          </p>
          <DocumentDrop store={store} kind={kind} describedBy={hint} />
          {errors.length > 0 && (
            <Callout intent={Intent.DANGER} role="alert" className={styles.errors} title={intl.formatMessage({ id: 'verification.notSent' })}>
              <ul>
                {errors.map((e, i) => (
                  <li key={i}>{e}</li>
                ))}
              </ul>
            </Callout>
          )}
          <div className={styles.actions}>
            <Button
              intent={Intent.PRIMARY}
              icon={<SendMessage />}
              loading={sending}
              disabled={!store.drafts[kind].length || !!store.uploads[kind] || (store.busy !== null && !sending)}
              onClick={() => {
                void store.send(kind).then((sent) => {
                  if (!sent) return;
                  toast(intl.formatMessage({ id: 'verification.submitted' }), 'success');
                  heading.current?.focus();
                });
              }}
            >
              {intl.formatMessage({ id: 'verification.submit' })}
            </Button>
          </div>
        </section>
      )}
      <Alert
        isOpen={confirm}
        intent={Intent.DANGER}
        icon={<Undo size={40} />}
        confirmButtonText={intl.formatMessage({ id: 'verification.withdraw' })}
        cancelButtonText={intl.formatMessage({ id: 'verification.cancel' })}
        onCancel={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          void store.withdraw(kind).then((done) => {
            if (done) toast(intl.formatMessage({ id: 'verification.withdrawn' }), 'success');
            heading.current?.focus();
          });
        }}
      >
        {intl.formatMessage({ id: 'verification.withdrawConfirm' }, { kind: title })}
      </Alert>
    </Card>
  );
});

import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button, Classes, Intent, ProgressBar } from '@blueprintjs/core';
import { Document, Trash, Upload } from '@blueprintjs/icons';
import type { VerificationType } from '../../../generated/types';
import { formatBytes } from '../../../widgets/media/formatBytes';
import { DOCUMENT_TYPES, MAX_FILES, type VerificationStore } from './VerificationStore';
import styles from './VerificationPage.module.css';

/**
 * The documents of one kind before they are sent: the uploaded files (name, size, remove) and a drop zone with a
 * button, which uploads one file at a time with `POST media/documents` (the media widget's texts and behaviour:
 * refusals shown in place, cancel while uploading). Keyboard: the button picks a file, each file has its remove button.
 */
export const DocumentDrop = observer(function DocumentDrop({ store, kind, describedBy }: { store: VerificationStore; kind: VerificationType; describedBy: string }) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const drafts = store.drafts[kind];
  const uploading = store.uploads[kind];
  const full = drafts.length >= MAX_FILES;
  const busy = store.busy !== null;
  const types = intl.formatMessage({ id: 'verification.fileTypes' });

  const start = (file: File) => {
    setMessage(null);
    const problem = store.check(kind, file);
    if (problem) {
      if (problem.problem === 'count') setMessage(intl.formatMessage({ id: 'verification.tooMany' }, { max: MAX_FILES }));
      else if (problem.problem === 'type') setMessage(intl.formatMessage({ id: 'media.wrongType' }, { name: file.name, types }));
      else setMessage(intl.formatMessage({ id: 'media.tooBig' }, { name: file.name, limit: formatBytes(problem.limit, intl.locale) }));
      return;
    }
    void store.upload(kind, file).then((refused) => {
      if (refused) setMessage(refused === 'failed' ? intl.formatMessage({ id: 'media.uploadFailed' }) : refused);
    });
  };

  const onPicked = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0];
    // Cleared so that picking the same file again still fires a change.
    e.target.value = '';
    if (picked) start(picked);
  };
  const accepts = !uploading && !full && !busy;
  const onDragOver = (e: DragEvent) => {
    if (!accepts || !Array.from(e.dataTransfer?.types ?? []).includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (e: DragEvent) => {
    setDragging(false);
    if (!accepts) return;
    e.preventDefault();
    const dropped = e.dataTransfer?.files?.[0];
    if (dropped) start(dropped);
  };

  const label = intl.formatMessage({ id: 'verification.files' }, { count: drafts.length, max: MAX_FILES });
  return (
    <div role="group" aria-label={label} aria-describedby={describedBy} aria-busy={uploading ? true : undefined} className={styles.documents}>
      {drafts.length > 0 && (
        <ul className={styles.fileList} aria-label={label}>
          {drafts.map((file) => (
            <li key={file.id} className={styles.file}>
              <Document className={styles.fileIcon} aria-hidden />
              <span className={styles.fileName} title={file.name}>
                {file.name}
              </span>
              <span className={Classes.TEXT_MUTED}>{formatBytes(file.size, intl.locale)}</span>
              <Button
                variant="minimal"
                intent={Intent.DANGER}
                icon={<Trash />}
                disabled={busy}
                aria-label={intl.formatMessage({ id: 'verification.removeFile' }, { name: file.name })}
                title={intl.formatMessage({ id: 'media.remove' })}
                onClick={() => {
                  setMessage(null);
                  store.removeDraft(kind, file.id);
                  button.current?.focus();
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <div
        className={[styles.drop, dragging && styles.dragging, message && styles.invalid].filter(Boolean).join(' ')}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
      >
        <input ref={input} type="file" accept={DOCUMENT_TYPES.join(',')} hidden tabIndex={-1} onChange={onPicked} data-testid={`verification-file-${kind}`} />
        <div className={styles.dropBody} aria-live="polite">
          {uploading ? (
            <>
              <span>{intl.formatMessage({ id: 'media.uploading' }, { name: uploading.name })}</span>
              <ProgressBar className={styles.progress} intent={Intent.PRIMARY} aria-label={intl.formatMessage({ id: 'media.uploading' }, { name: uploading.name })} />
            </>
          ) : (
            <span className={Classes.TEXT_MUTED}>
              {full
                ? intl.formatMessage({ id: 'verification.tooMany' }, { max: MAX_FILES })
                : dragging
                  ? intl.formatMessage({ id: 'media.dropHere' })
                  : intl.formatMessage({ id: 'media.dropHint' }, { types })}
            </span>
          )}
        </div>
        {/* One button that turns into Cancel while uploading, so keyboard focus stays on it throughout. */}
        <Button
          ref={button}
          icon={uploading ? undefined : <Upload />}
          disabled={!uploading && (full || busy)}
          text={uploading ? intl.formatMessage({ id: 'media.cancel' }) : intl.formatMessage({ id: drafts.length ? 'verification.addFile' : 'media.upload' })}
          onClick={uploading ? () => store.cancelUpload(kind) : () => input.current?.click()}
        />
      </div>
      {message && (
        <p className={styles.fileMessage} role="alert">
          {message}
        </p>
      )}
    </div>
  );
});

import { Button, Callout, Classes, Intent, ProgressBar, Spinner } from '@blueprintjs/core';
import { Archive, Document, Error as ErrorIcon, Film, Trash, Upload } from '@blueprintjs/icons';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useTexts, useTranslator } from '../../engine/i18n/TranslatorContext';
import {
  isMediaSrc,
  isUploadKind,
  mediaAccept,
  MediaUploadError,
  type MediaFile,
  type MediaFormContext,
  type MediaStore,
  type UploadKind,
} from '../../engine/media';
import { formatBytes } from './formatBytes';
import styles from './MediaWidget.module.css';
import { MEDIA_TEXTS } from './mediaTexts';

/** A developer mistake (no media store, an unknown `accept`) shown in place of the field. */
function MediaProblem({ message }: { message: string }) {
  const t = useTexts(MEDIA_TEXTS);
  return (
    <Callout intent={Intent.DANGER} icon={<ErrorIcon />} compact title={t('media.misconfigured')}>
      {message}
    </Callout>
  );
}

/** The stored id of a field value (an integer, or digits from older data), else undefined. */
function mediaIdOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d+$/.test(value) && Number(value) > 0) return Number(value);
  return undefined;
}

/** The chosen file: a thumbnail, a first-frame poster or an icon, with its name and size. */
function FileSummary({ file }: { file: MediaFile }) {
  const locale = useTranslator()?.locale;
  const src = isMediaSrc(file.src) ? file.src : undefined;
  const { width, height } = file.custom_properties ?? {};
  let visual;
  if (file.kind === 'image' && src) visual = <img className={styles.thumb} src={src} alt="" />;
  else if (file.kind === 'video' && src)
    visual = (
      <span className={styles.poster}>
        <video src={src} preload="metadata" muted playsInline aria-hidden tabIndex={-1} />
        <span className={styles.posterIcon}>
          <Film size={20} />
        </span>
      </span>
    );
  else visual = <span className={styles.fileIcon}>{file.kind === 'package' ? <Archive size={28} /> : <Document size={28} />}</span>;
  return (
    <>
      {visual}
      <span className={styles.details}>
        <span className={styles.name} title={file.name}>
          {file.name}
        </span>
        <span className={Classes.TEXT_MUTED}>
          {formatBytes(file.size, locale)}
          {typeof width === 'number' && typeof height === 'number' ? ` · ${width} × ${height}` : ''}
        </span>
      </span>
    </>
  );
}

interface MediaFieldProps extends WidgetProps {
  media: MediaStore;
  kind: UploadKind;
}

interface Uploading {
  name: string;
  /** Sent fraction, or null while the transport has not told. */
  progress: number | null;
}

const MediaField = observer(function MediaField(props: MediaFieldProps) {
  const { id, htmlName, value, label, disabled, readonly, autofocus, rawErrors, hideError, onChange, onBlur, onFocus, media, kind } = props;
  const t = useTexts(MEDIA_TEXTS);
  const locale = useTranslator()?.locale;
  const fileId = mediaIdOf(value);
  const file = fileId === undefined ? undefined : media.get(fileId);
  const status = fileId === undefined ? 'idle' : media.status(fileId);
  const inactive = disabled || readonly;

  const [uploading, setUploading] = useState<Uploading | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const primary = useRef<HTMLButtonElement>(null);
  const upload = useRef<AbortController | null>(null);
  // RJSF hands a new onChange on every render; an upload finishing later must call the current one.
  const latestOnChange = useRef(onChange);
  useEffect(() => {
    latestOnChange.current = onChange;
  });

  useEffect(() => {
    if (fileId !== undefined && media.status(fileId) === 'idle') void media.load(fileId);
  }, [fileId, media]);
  useEffect(() => () => upload.current?.abort(), []);

  const start = (picked: File) => {
    setMessage(null);
    const problem = media.check(picked, kind);
    if (problem) {
      setMessage(
        problem.problem === 'type'
          ? t('media.wrongType', { name: picked.name, types: t(`media.types.${kind}`) })
          : t('media.tooBig', { name: picked.name, limit: formatBytes(problem.limit, locale) }),
      );
      return;
    }
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    setUploading({ name: picked.name, progress: null });
    const onProgress = (fraction: number) => {
      if (!controller.signal.aborted) setUploading((u) => u && { ...u, progress: fraction });
    };
    media.upload(picked, kind, { signal: controller.signal, onProgress }).then(
      (saved) => {
        if (controller.signal.aborted) return;
        upload.current = null;
        setUploading(null);
        latestOnChange.current(saved.id);
      },
      (error: unknown) => {
        // Cancelled (by the user or by leaving the form): nothing to say, the old value stays.
        if (controller.signal.aborted) return;
        upload.current = null;
        setUploading(null);
        setMessage(error instanceof MediaUploadError ? error.message : t('media.uploadFailed'));
      },
    );
  };

  const cancel = () => {
    upload.current?.abort();
    upload.current = null;
    setUploading(null);
  };

  const onPicked = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0];
    // Cleared so that picking the same file again (after fixing it) still fires a change.
    e.target.value = '';
    if (picked) start(picked);
  };

  const acceptsDrop = !inactive && !uploading;
  const onDragOver = (e: DragEvent) => {
    if (!acceptsDrop || !Array.from(e.dataTransfer?.types ?? []).includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    if (!dragging) setDragging(true);
  };
  const onDragLeave = (e: DragEvent) => {
    if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
    setDragging(false);
  };
  const onDrop = (e: DragEvent) => {
    setDragging(false);
    if (!acceptsDrop) return;
    e.preventDefault();
    const dropped = e.dataTransfer?.files?.[0];
    if (dropped) start(dropped);
  };

  let body;
  if (uploading) {
    body = (
      <>
        <span className={styles.details}>
          <span className={styles.name}>{t('media.uploading', { name: uploading.name })}</span>
        </span>
        <ProgressBar className={styles.progress} intent={Intent.PRIMARY} value={uploading.progress ?? undefined} aria-label={t('media.uploading', { name: uploading.name })} />
      </>
    );
  } else if (file) {
    body = <FileSummary file={file} />;
  } else if (fileId !== undefined && status === 'error') {
    body = (
      <>
        <span className={Classes.TEXT_MUTED}>{t('media.loadFailed', { id: fileId })}</span>
        <Button size="small" variant="minimal" intent={Intent.PRIMARY} text={t('media.retry')} onClick={() => void media.load(fileId)} />
      </>
    );
  } else if (fileId !== undefined) {
    body = (
      <>
        <Spinner size={20} />
        <span className={Classes.TEXT_MUTED}>{t('media.loading')}</span>
      </>
    );
  } else {
    body = <span className={Classes.TEXT_MUTED}>{dragging ? t('media.dropHere') : t('media.dropHint', { types: t(`media.types.${kind}`) })}</span>;
  }
  // The limits the server enforces, said before a file is picked rather than only when one is refused.
  const limits = media.limitsOf(kind);
  const limitText = limits.length ? t('media.limits', { limits: limits.map((l) => `${l.type.split('/')[1]!.toUpperCase()} ${formatBytes(l.bytes, locale)}`).join(', ') }) : null;

  const invalid = !hideError && !!rawErrors?.length;
  return (
    <div
      role="group"
      aria-label={label || undefined}
      aria-describedby={ariaDescribedByIds(id)}
      aria-busy={uploading ? true : undefined}
      className={[styles.root, dragging && styles.dragging, invalid && styles.invalid, inactive && styles.disabled].filter(Boolean).join(' ')}
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      <input ref={input} type="file" id={id} name={htmlName || id} accept={mediaAccept(kind)} hidden disabled={inactive} tabIndex={-1} onChange={onPicked} />
      <div className={styles.body} aria-live="polite">
        {body}
      </div>
      <div className={styles.actions}>
        {/* One button that turns into Cancel while uploading, so keyboard focus stays on it throughout. */}
        <Button
          ref={primary}
          icon={uploading ? undefined : <Upload />}
          text={uploading ? t('media.cancel') : fileId === undefined ? t('media.upload') : t('media.replace')}
          disabled={!uploading && inactive}
          autoFocus={autofocus}
          onClick={uploading ? cancel : () => input.current?.click()}
          onFocus={() => onFocus(id, value)}
          onBlur={() => onBlur(id, value)}
        />
        {!uploading && fileId !== undefined && (
          <Button
            icon={<Trash />}
            variant="minimal"
            intent={Intent.DANGER}
            text={t('media.remove')}
            disabled={inactive}
            onClick={() => {
              setMessage(null);
              onChange(undefined);
              // The remove button goes away with the file: keep the keyboard in the field.
              primary.current?.focus();
            }}
          />
        )}
      </div>
      {limitText && !fileId && !uploading ? <p className={[styles.limits, Classes.TEXT_MUTED, Classes.TEXT_SMALL].join(' ')}>{limitText}</p> : null}
      {message && (
        <p className={styles.message} role="alert">
          {message}
        </p>
      )}
    </div>
  );
});

/**
 * `ui:widget: media`: a file field whose value is the id of an uploaded file (`POST media`). Shows the current
 * file (image thumbnail, video poster, package name), uploads by button or drag and drop with progress, shows the
 * server's refusal under it while keeping the old value, and removes. `ui:options.accept` is `image`, `video` or
 * `package`. Needs `formContext.media` (a MediaStore).
 */
export function MediaWidget(props: WidgetProps) {
  const media = (props.registry.formContext as Partial<MediaFormContext> | undefined)?.media;
  const accept = props.options.accept;
  if (!isUploadKind(accept)) {
    return <MediaProblem message={`${props.id}: ui:options/accept must be one of image, video, package; got ${JSON.stringify(accept) ?? 'nothing'}.`} />;
  }
  if (!media) return <MediaProblem message={`${props.id}: the form has no formContext.media (a MediaStore); the media widget cannot load or upload files.`} />;
  return <MediaField {...props} media={media} kind={accept} />;
}

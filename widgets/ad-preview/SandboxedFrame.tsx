import { useTexts } from '../../engine/i18n/TranslatorContext';
import { AD_PREVIEW_TEXTS } from './adPreviewTexts';

/**
 * What an ad's own code may do in a preview: run scripts and open its landing page in a new window. Never
 * `allow-same-origin`: the frame gets an opaque origin, so the ad cannot read the panel's storage, cookies or DOM.
 */
export const SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';

type FrameSource = { src: string; srcDoc?: never } | { srcDoc: string; src?: never };

/** Width and height in CSS pixels: an ad frame never sizes itself from its content. */
type FrameProps = FrameSource & { width: number; height: number; className?: string };

/** A complete page around an ad tag (a fragment of HTML or script) for `srcdoc`; a whole page is used as it is. */
export function adTagDocument(code: string): string {
  if (/^\s*(<!doctype|<html)/i.test(code)) return code;
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><style>html,body{margin:0;padding:0;overflow:hidden}</style></head><body>${code}</body></html>`;
}

/** The one way a preview shows untrusted HTML: a fixed-size, sandboxed frame that sends no referrer. */
export function SandboxedFrame({ width, height, className, ...source }: FrameProps) {
  const t = useTexts(AD_PREVIEW_TEXTS);
  return (
    <iframe
      className={className}
      title={t('adPreview.frameTitle')}
      width={width}
      height={height}
      style={{ width, height, border: 0, display: 'block' }}
      sandbox={SANDBOX}
      referrerPolicy="no-referrer"
      {...(source.srcDoc !== undefined ? { srcDoc: adTagDocument(source.srcDoc) } : { src: source.src })}
    />
  );
}

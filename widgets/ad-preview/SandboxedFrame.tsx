import { useTexts } from '../../engine/i18n/TranslatorContext';
import { AD_PREVIEW_TEXTS } from './adPreviewTexts';
import { AD_TAG_FRAME_URL } from '../../engine/media/adTagFrame';

export { AD_TAG_FRAME_URL };

/**
 * What an ad's own code may do in a preview: run scripts and open its landing page in a new window. Never
 * `allow-same-origin`: the frame gets an opaque origin, so the ad cannot read the panel's storage, cookies or DOM.
 */
export const SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';


/** `src`: a page to load (an HTML5 package's start page); `code`: an ad tag's HTML or script to run. */
type FrameSource = { src: string; code?: never } | { code: string; src?: never };

/** Width and height in CSS pixels: an ad frame never sizes itself from its content. */
type FrameProps = FrameSource & { width: number; height: number; className?: string };

/**
 * The one way a preview shows untrusted HTML: a fixed-size, sandboxed frame that sends no referrer. An ad tag loads
 * the server's page for ad tags (`AD_TAG_FRAME_URL`), served with its own CSP sandbox that lets the tag's scripts run:
 * a `srcdoc` frame would inherit the panel's CSP (`script-src 'self'`), under which no ad tag script runs (probe
 * finding F15). The tag travels in the frame's `name` (the page writes it into itself), so it never passes through a
 * URL or the server; a changed tag is a new frame (the key), as a changed srcdoc would be.
 */
export function SandboxedFrame({ width, height, className, ...source }: FrameProps) {
  const t = useTexts(AD_PREVIEW_TEXTS);
  return (
    <iframe
      key={source.code}
      className={className}
      title={t('adPreview.frameTitle')}
      width={width}
      height={height}
      style={{ width, height, border: 0, display: 'block' }}
      sandbox={SANDBOX}
      referrerPolicy="no-referrer"
      {...(source.code !== undefined ? { name: source.code, src: AD_TAG_FRAME_URL } : { src: source.src })}
    />
  );
}

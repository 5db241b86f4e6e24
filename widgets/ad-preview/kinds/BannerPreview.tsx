import { Code, Cross, Media, Archive } from '@blueprintjs/icons';
import { isFrameSrc } from '../../../engine/media';
import { useTexts } from '../../../engine/i18n/TranslatorContext';
import { AD_PREVIEW_TEXTS } from '../adPreviewTexts';
import common from '../common.module.css';
import { fileOf, srcOf, str, type KindPreviewProps } from '../model';
import { Destination, Placeholder } from '../Placeholder';
import { SafeLink } from '../SafeLink';
import { SandboxedFrame } from '../SandboxedFrame';
import styles from './BannerPreview.module.css';

/** Width and height of a size such as `300x250`, or null. */
export function parseSize(size: unknown): { width: number; height: number } | null {
  const match = /^(\d{2,4})x(\d{2,4})$/.exec(str(size).trim());
  return match ? { width: Number(match[1]), height: Number(match[2]) } : null;
}

/**
 * A banner at its slot size: an image creative (linked to its landing page), an HTML5 package in a sandboxed
 * frame, or the ad tag's code in a sandboxed frame.
 */
export function BannerPreview({ model, creative, media }: KindPreviewProps) {
  const t = useTexts(AD_PREVIEW_TEXTS);
  const size = parseSize(model.size);
  if (!size) return <Placeholder width={300} height={120}>{t('adPreview.noSize')}</Placeholder>;
  const { width, height } = size;
  const type = str(model.type) || 'image';
  const url = str(creative?.url) || str(model.common_url);
  let content;
  let note: string | null = null;
  if (type === 'script') {
    const code = str(model.code);
    content = code.trim() ? <SandboxedFrame code={code} width={width} height={height} /> : <Placeholder width={width} height={height} icon={<Code />}>{t('adPreview.noCode')}</Placeholder>;
  } else if (type === 'html') {
    const pkg = fileOf(media, creative?.package);
    content =
      pkg && isFrameSrc(pkg.src) ? (
        <SandboxedFrame src={pkg.src} width={width} height={height} />
      ) : (
        <Placeholder width={width} height={height} icon={<Archive />}>
          {t('adPreview.noPackage')}
        </Placeholder>
      );
  } else {
    const file = fileOf(media, creative?.image);
    const src = srcOf(media, creative?.image);
    const { width: w, height: h } = file?.custom_properties ?? {};
    if (typeof w === 'number' && typeof h === 'number' && (w !== width || h !== height) && w * height !== h * width) {
      note = t('adPreview.sizeMismatch', { width: w, height: h, size: `${width} × ${height}` });
    }
    content = src ? (
      <SafeLink href={url}>
        <img src={src} alt="" width={width} height={height} />
      </SafeLink>
    ) : (
      <Placeholder width={width} height={height} icon={<Media />}>
        {t('adPreview.noImage')}
      </Placeholder>
    );
  }
  return (
    <div className={common.stage}>
      <div className={styles.sizeLabel}>
        {width} × {height}
      </div>
      <div className={styles.slot} style={{ width, height }}>
        {content}
      </div>
      {note && <p className={common.note}>{note}</p>}
      {type !== 'script' && <Destination label={t('adPreview.destination')} url={url} empty={t('adPreview.noUrl')} />}
    </div>
  );
}

const PORTRAIT = { width: 270, height: 480 };
const LANDSCAPE = { width: 480, height: 270 };

/** A full-screen interstitial on a phone-like screen with its close button: an image creative or the HTML page. */
export function InterstitialPreview({ model, creative, media }: KindPreviewProps) {
  const t = useTexts(AD_PREVIEW_TEXTS);
  const type = str(model.type) || 'image';
  let screen = PORTRAIT;
  let content;
  let url = '';
  if (type === 'html') {
    const code = str(model.code);
    content = code.trim() ? <SandboxedFrame code={code} {...screen} /> : <Placeholder {...screen} icon={<Code />}>{t('adPreview.noCode')}</Placeholder>;
  } else {
    const file = fileOf(media, creative?.image);
    const src = srcOf(media, creative?.image);
    const { width: w, height: h } = file?.custom_properties ?? {};
    if (typeof w === 'number' && typeof h === 'number' && w > h) screen = LANDSCAPE;
    url = str(creative?.url);
    content = src ? (
      <SafeLink href={url}>
        <img src={src} alt="" />
      </SafeLink>
    ) : (
      <Placeholder {...screen} icon={<Media />}>
        {creative ? t('adPreview.noImage') : t('adPreview.noCreative')}
      </Placeholder>
    );
  }
  return (
    <div className={common.stage}>
      <div className={styles.screen} style={screen}>
        {content}
        <span className={`${common.badge} ${styles.screenBadge}`}>{t('adPreview.ad')}</span>
        <span className={styles.close} aria-hidden>
          <Cross size={16} />
        </span>
      </div>
      {type !== 'html' && <Destination label={t('adPreview.destination')} url={url} empty={t('adPreview.noUrl')} />}
    </div>
  );
}

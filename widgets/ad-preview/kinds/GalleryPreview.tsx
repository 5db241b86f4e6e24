import { siteDomain } from '../../../engine/media';
import { useTexts } from '../../../engine/i18n/TranslatorContext';
import { AD_PREVIEW_TEXTS } from '../adPreviewTexts';
import common from '../common.module.css';
import { str, type KindPreviewProps } from '../model';
import { Destination, OrPlaceholder } from '../Placeholder';
import { SafeLink } from '../SafeLink';
import styles from './SmallPreviews.module.css';

/** A steady colour per feed name, so the tile's cover does not flicker while the name is typed. */
function coverColor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return `hsl(${hash % 360} 55% 45%)`;
}

/** A gallery tile: the content feed's name on a cover, the provider's site and a subscribe button. */
export function GalleryPreview({ model }: KindPreviewProps) {
  const t = useTexts(AD_PREVIEW_TEXTS);
  const name = str(model.content_feed_name);
  const provider = str(model.provider_website);
  const initial = [...name.trim()][0]?.toUpperCase() ?? '?';
  return (
    <div className={common.stage}>
      <div className={styles.gallery}>
        <div className={styles.cover} style={{ background: coverColor(name) }} aria-hidden>
          {initial}
        </div>
        <div className={styles.galleryBody}>
          <SafeLink className={styles.galleryName} href={model.url}>
            <OrPlaceholder value={name} fallback={t('adPreview.feedName')} />
          </SafeLink>
          {provider.trim() && (
            <SafeLink className={common.muted} href={provider} title={provider}>
              {siteDomain(provider) || provider}
            </SafeLink>
          )}
          <div>
            <span className={styles.galleryButton}>{t('adPreview.gallery.subscribe')}</span>
          </div>
        </div>
      </div>
      <Destination label={t('adPreview.destination')} url={str(model.url)} empty={t('adPreview.noUrl')} />
    </div>
  );
}

import { Link } from '@blueprintjs/icons';
import { useTexts } from '../../../engine/i18n/TranslatorContext';
import { AD_PREVIEW_TEXTS } from '../adPreviewTexts';
import common from '../common.module.css';
import { srcOf, str, type KindPreviewProps } from '../model';
import { Destination, OrPlaceholder } from '../Placeholder';
import { SafeLink } from '../SafeLink';
import styles from './SmallPreviews.module.css';

/** A direct link as the tile a publisher shows (icon and title) and the address it leads to. */
export function DirectLinkPreview({ model, media }: KindPreviewProps) {
  const t = useTexts(AD_PREVIEW_TEXTS);
  const icon = srcOf(media, model.icon);
  const url = str(model.url);
  return (
    <div className={common.stage}>
      <SafeLink className={styles.tile} href={url}>
        <span className={styles.tileIcon}>{icon ? <img src={icon} alt="" /> : <Link size={24} />}</span>
        <span className={styles.tileTitle}>
          <OrPlaceholder value={str(model.title)} fallback={t('adPreview.title')} />
        </span>
      </SafeLink>
      <Destination label={t('adPreview.destination')} url={url} empty={t('adPreview.noUrl')} />
    </div>
  );
}

import { Media } from '@blueprintjs/icons';
import { useTexts } from '../../../engine/i18n/TranslatorContext';
import { AD_PREVIEW_TEXTS } from '../adPreviewTexts';
import common from '../common.module.css';
import { srcOf, str, type KindPreviewProps } from '../model';
import { OrPlaceholder, Placeholder } from '../Placeholder';
import { SafeLink } from '../SafeLink';
import styles from './NativePreview.module.css';

/** A native ad as a content card in a publisher's feed: image, title, description and the brand. */
export function NativePreview({ model, creative, media }: KindPreviewProps) {
  const t = useTexts(AD_PREVIEW_TEXTS);
  if (!creative) return <Placeholder width={300} height={200}>{t('adPreview.noCreative')}</Placeholder>;
  const image = srcOf(media, creative.image);
  return (
    <div className={`${common.stage} ${styles.card}`}>
      {image ? (
        <img className={styles.image} src={image} alt="" />
      ) : (
        <div className={styles.image}>
          <Placeholder icon={<Media />} width="100%" height="100%">
            {t('adPreview.noImage')}
          </Placeholder>
        </div>
      )}
      <div className={styles.body}>
        <SafeLink className={styles.title} href={creative.url}>
          <OrPlaceholder value={str(creative.title)} fallback={t('adPreview.title')} />
        </SafeLink>
        <p className={styles.description}>
          <OrPlaceholder value={str(creative.description)} fallback={t('adPreview.text')} />
        </p>
        <div className={styles.brand}>
          <span className={common.badge}>{t('adPreview.ad')}</span>
          <OrPlaceholder value={str(model.brand)} fallback={t('adPreview.brand')} />
        </div>
      </div>
    </div>
  );
}

import { Globe } from '@blueprintjs/icons';
import { siteDomain } from '../../../engine/media';
import { useTexts } from '../../../engine/i18n/TranslatorContext';
import { AD_PREVIEW_TEXTS } from '../adPreviewTexts';
import common from '../common.module.css';
import { srcOf, str, type KindPreviewProps } from '../model';
import { OrPlaceholder, Placeholder } from '../Placeholder';
import styles from './PushPreview.module.css';

/** A web push as the browser shows it: site, icon, title, text, the large image and up to two buttons. */
export function PushPreview({ creative, media }: KindPreviewProps) {
  const t = useTexts(AD_PREVIEW_TEXTS);
  if (!creative) return <Placeholder width={360} height={96}>{t('adPreview.noCreative')}</Placeholder>;
  const icon = srcOf(media, creative.icon);
  const image = srcOf(media, creative.image);
  const domain = siteDomain(creative.url);
  const buttons = [str(creative.button_one), str(creative.button_two)].filter((b) => b.trim());
  return (
    <div className={`${common.stage} ${styles.card}`}>
      <div className={styles.header}>
        <Globe size={12} />
        <span className={common.clip}>{domain || t('adPreview.noUrl')}</span>
        <span aria-hidden>·</span>
        <span>{t('adPreview.now')}</span>
      </div>
      <div className={styles.main}>
        {icon ? <img className={styles.icon} src={icon} alt="" /> : <span className={styles.icon} aria-hidden />}
        <div className={styles.texts}>
          <strong className={styles.title}>
            <OrPlaceholder value={str(creative.title)} fallback={t('adPreview.title')} />
          </strong>
          <p className={styles.body}>
            <OrPlaceholder value={str(creative.body)} fallback={t('adPreview.text')} />
          </p>
        </div>
      </div>
      {image && <img className={styles.image} src={image} alt="" />}
      {buttons.length > 0 && (
        <div className={styles.buttons}>
          {buttons.map((label, i) => (
            <span key={i} className={styles.button}>
              {label}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}

import { Notifications } from '@blueprintjs/icons';
import { useTexts } from '../../../engine/i18n/TranslatorContext';
import { AD_PREVIEW_TEXTS } from '../adPreviewTexts';
import common from '../common.module.css';
import { srcOf, str, type KindPreviewProps } from '../model';
import { OrPlaceholder, Placeholder } from '../Placeholder';
import { SafeLink } from '../SafeLink';
import styles from './NotificationWidgetPreview.module.css';

/** The ad as the newest message of a site's notification widget: icon, title, description. */
export function NotificationWidgetPreview({ creative, media }: KindPreviewProps) {
  const t = useTexts(AD_PREVIEW_TEXTS);
  if (!creative) return <Placeholder width={340} height={120}>{t('adPreview.noCreative')}</Placeholder>;
  const icon = srcOf(media, creative.icon);
  return (
    <div className={`${common.stage} ${styles.widget}`}>
      <div className={styles.header}>
        <Notifications size={14} />
        <span>{t('adPreview.notifications')}</span>
        <span className={styles.count}>1</span>
      </div>
      <ul className={styles.list}>
        <li className={styles.item}>
          {icon ? <img className={styles.icon} src={icon} alt="" /> : <span className={styles.icon} aria-hidden />}
          <div className={styles.texts}>
            <SafeLink className={styles.title} href={creative.url}>
              <OrPlaceholder value={str(creative.title)} fallback={t('adPreview.title')} />
            </SafeLink>
            <p className={styles.description}>
              <OrPlaceholder value={str(creative.description)} fallback={t('adPreview.text')} />
            </p>
          </div>
          <span className={styles.time}>{t('adPreview.now')}</span>
        </li>
        {[0, 1].map((i) => (
          <li key={i} className={`${styles.item} ${styles.ghost}`} aria-hidden>
            <span className={styles.icon} />
            <div className={styles.texts}>
              <span style={{ width: '55%' }} />
              <span style={{ width: '85%' }} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

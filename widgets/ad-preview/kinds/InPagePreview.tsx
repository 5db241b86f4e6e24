import { SmallCross } from '@blueprintjs/icons';
import { useTexts } from '../../../engine/i18n/TranslatorContext';
import { AD_PREVIEW_TEXTS } from '../adPreviewTexts';
import common from '../common.module.css';
import { srcOf, str, type KindPreviewProps } from '../model';
import { OrPlaceholder, Placeholder } from '../Placeholder';
import { SafeLink } from '../SafeLink';
import styles from './InPagePreview.module.css';

/** Grey lines that stand for the publisher's page under the ad. */
function PageSkeleton({ lines }: { lines: number }) {
  return (
    <div className={styles.page} aria-hidden>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} />
      ))}
    </div>
  );
}

/**
 * An in-page push: a notification-like card over the publisher's page, in the bottom corner of a desktop page
 * (skin group `web`) or at the top of a phone screen (`mobile`).
 */
export function InPagePreview({ model, creative, media }: KindPreviewProps) {
  const t = useTexts(AD_PREVIEW_TEXTS);
  const mobile = /mobile/i.test(str(model.skin_group));
  if (!creative) return <Placeholder width={mobile ? 260 : 480} height={mobile ? 460 : 300}>{t('adPreview.noCreative')}</Placeholder>;
  const icon = srcOf(media, creative.icon);
  const image = srcOf(media, creative.image);
  return (
    <div className={common.stage}>
      <div className={mobile ? styles.mobile : styles.desktop} data-skin={mobile ? 'mobile' : 'web'}>
        <PageSkeleton lines={mobile ? 14 : 10} />
        <div className={styles.card}>
          {icon ? <img className={styles.icon} src={icon} alt="" /> : <span className={styles.icon} aria-hidden />}
          <div className={styles.texts}>
            <SafeLink className={styles.title} href={creative.url}>
              <OrPlaceholder value={str(creative.title)} fallback={t('adPreview.title')} />
            </SafeLink>
            <p className={styles.body}>
              <OrPlaceholder value={str(creative.body)} fallback={t('adPreview.text')} />
            </p>
            {image && <img className={styles.image} src={image} alt="" />}
          </div>
          <span className={styles.close} aria-hidden>
            <SmallCross size={14} />
          </span>
          <span className={`${common.badge} ${styles.badge}`}>{t('adPreview.ad')}</span>
        </div>
      </div>
    </div>
  );
}

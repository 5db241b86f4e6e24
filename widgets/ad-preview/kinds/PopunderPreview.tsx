import { Globe, Lock } from '@blueprintjs/icons';
import { httpUrl } from '../../../engine/media';
import { useTexts } from '../../../engine/i18n/TranslatorContext';
import { AD_PREVIEW_TEXTS } from '../adPreviewTexts';
import common from '../common.module.css';
import { str, type KindPreviewProps } from '../model';
import styles from './SmallPreviews.module.css';

/** A popunder as the small browser window it opens: the address bar shows the URL; the page itself is never loaded. */
export function PopunderPreview({ model }: KindPreviewProps) {
  const t = useTexts(AD_PREVIEW_TEXTS);
  const url = str(model.url).trim();
  const secure = httpUrl(url)?.protocol === 'https:';
  return (
    <div className={`${common.stage} ${styles.window}`}>
      <div className={styles.chrome}>
        <span className={styles.lights} aria-hidden>
          <span />
          <span />
          <span />
        </span>
        <div className={styles.address} title={url}>
          {secure ? <Lock size={12} /> : <Globe size={12} />}
          {url ? <span>{url}</span> : <span className={common.empty}>{t('adPreview.noUrl')}</span>}
        </div>
      </div>
      <div className={styles.windowPage}>{t('adPreview.popunder.notLoaded')}</div>
    </div>
  );
}

import { useTexts, useTranslator } from '../../../engine/i18n/TranslatorContext';
import { AD_PREVIEW_TEXTS } from '../adPreviewTexts';
import common from '../common.module.css';
import { str, type KindPreviewProps } from '../model';
import { OrPlaceholder } from '../Placeholder';
import { SafeLink } from '../SafeLink';
import styles from './SmallPreviews.module.css';

/** Today's date as iOS shows it above the day's events, in the reader's language. */
function today(locale: string | undefined): string {
  const tag = locale === 'jp' ? 'ja' : locale || 'en';
  return new Intl.DateTimeFormat(tag, { weekday: 'long', day: 'numeric', month: 'long' }).format(new Date());
}

/** An event of the subscribed calendar as iOS Calendar shows it: the calendar (the feed name) and its URL. */
export function CalendarPreview({ model }: KindPreviewProps) {
  const t = useTexts(AD_PREVIEW_TEXTS);
  const locale = useTranslator()?.locale;
  const name = str(model.content_feed_name);
  const url = str(model.url);
  return (
    <div className={`${common.stage} ${styles.ios}`}>
      <div className={styles.iosDay}>
        <strong>{t('adPreview.calendar.today')}</strong>
        <span className={common.muted}>{today(locale)}</span>
      </div>
      <div className={styles.iosEvent}>
        <strong>
          <OrPlaceholder value={name} fallback={t('adPreview.feedName')} />
        </strong>
        <span>{t('adPreview.calendar.allDay')}</span>
      </div>
      <dl className={styles.iosDetails}>
        <div className={styles.iosRow}>
          <dt>{t('adPreview.calendar.calendar')}</dt>
          <dd>
            <span className={styles.dot} aria-hidden />
            <OrPlaceholder value={name} fallback={t('adPreview.feedName')} />
          </dd>
        </div>
        <div className={styles.iosRow}>
          <dt>{t('adPreview.calendar.url')}</dt>
          <dd title={url}>
            {url.trim() ? <SafeLink href={url}>{url}</SafeLink> : <span className={common.empty}>{t('adPreview.noUrl')}</span>}
          </dd>
        </div>
      </dl>
    </div>
  );
}

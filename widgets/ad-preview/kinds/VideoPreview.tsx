import { Button, Callout, Intent, Spinner } from '@blueprintjs/core';
import { ChevronRight, Film, Refresh } from '@blueprintjs/icons';
import { useCallback, useRef, useState, type CSSProperties } from 'react';
import { httpUrl, siteDomain } from '../../../engine/media';
import { useTexts } from '../../../engine/i18n/TranslatorContext';
import { useLoader } from '../../../engine/state/useLoader';
import { AD_PREVIEW_TEXTS, type AdPreviewTextId } from '../adPreviewTexts';
import common from '../common.module.css';
import { hexColor, num, obj, srcOf, str, withAlpha, type AdModel, type KindPreviewProps } from '../model';
import { Destination, Placeholder } from '../Placeholder';
import { SafeLink } from '../SafeLink';
import { loadVast, VastError, type VastErrorCode } from '../vast';
import styles from './VideoPreview.module.css';

const WIDTH = 480;
const HEIGHT = 270;

/** The motion banner over the video, in the colours of the form (defaults as in the schema). */
function MotionBanner({ motion, icon, url }: { motion: AdModel; icon?: string; url: string }) {
  const fader = hexColor(motion.fader_color, '#777777');
  const style = {
    background: withAlpha(fader, 0.85),
    color: hexColor(motion.text_color, '#FFFFFF'),
    '--mb-button': hexColor(motion.button_color, '#000000'),
    '--mb-button-text': hexColor(motion.button_text_color, '#FFFFFF'),
    '--mb-button-hover': hexColor(motion.button_hover_color, '#000000'),
    '--mb-button-text-hover': hexColor(motion.button_text_hover_color, '#FFFFFF'),
  } as CSSProperties;
  const [title, description, additional, button] = [motion.title, motion.description, motion.additional_text, motion.button].map(str);
  return (
    <div className={styles.motion} style={style} data-testid="motion-banner">
      {icon && <img className={styles.motionIcon} src={icon} alt="" />}
      <div className={styles.motionTexts}>
        {title && <strong>{title}</strong>}
        {description && <span>{description}</span>}
        {additional && <span>{additional}</span>}
      </div>
      {button && (
        <SafeLink className={styles.motionButton} href={url}>
          {button}
        </SafeLink>
      )}
    </div>
  );
}

/** The rewarded post under the player: brand, title, description and the claim button. */
function RewardedPost({ rewarded }: { rewarded: AdModel }) {
  const [brand, title, description, button] = [rewarded.brand, rewarded.title, rewarded.description, rewarded.button].map(str);
  return (
    <div className={styles.reward} data-testid="rewarded-post">
      {brand && <div className={styles.rewardBrand}>{brand}</div>}
      {title && <strong className={styles.rewardTitle}>{title}</strong>}
      {description && <div>{description}</div>}
      {button && <span className={styles.rewardButton}>{button}</span>}
    </div>
  );
}

interface PlayerProps {
  src: string | undefined;
  /** Seconds of playback before the skip button appears (0: at once). */
  skipAfter: number;
  clickThrough: string;
  /** The motion banner's settings when it is enabled. */
  motion: AdModel | null;
  icon?: string;
  /** What the empty player says. */
  empty: string;
}

/** A video player with the ad's overlays: the "Ad" mark, the landing page, the skip countdown and button. */
function Player({ src, skipAfter, clickThrough, motion, icon, empty }: PlayerProps) {
  const t = useTexts(AD_PREVIEW_TEXTS);
  const [time, setTime] = useState(0);
  const [skipped, setSkipped] = useState(false);
  const [shown, setShown] = useState(src);
  const video = useRef<HTMLVideoElement>(null);
  if (shown !== src) {
    // Another file: start over.
    setShown(src);
    setTime(0);
    setSkipped(false);
  }
  if (!src) {
    return (
      <Placeholder width={WIDTH} height={HEIGHT} icon={<Film size={24} />}>
        {empty}
      </Placeholder>
    );
  }
  const remaining = Math.max(0, Math.ceil(skipAfter - time));
  const domain = siteDomain(clickThrough);
  const skip = () => {
    // A removed <video> may go on playing its sound: stop it first.
    video.current?.pause();
    setSkipped(true);
  };
  if (skipped) {
    return (
      <div className={styles.player}>
        <div className={styles.ended}>
          <span>{t('adPreview.video.skipped')}</span>
          <Button
            icon={<Refresh />}
            text={t('adPreview.video.replay')}
            onClick={() => {
              setTime(0);
              setSkipped(false);
            }}
          />
        </div>
      </div>
    );
  }
  return (
    <div className={styles.player}>
      <video ref={video} src={src} controls playsInline preload="metadata" onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)} />
      <span className={`${common.badge} ${styles.badge}`}>{t('adPreview.ad')}</span>
      {domain && (
        <SafeLink className={styles.visit} href={clickThrough} title={clickThrough}>
          {t('adPreview.video.visit')} · {domain}
        </SafeLink>
      )}
      {motion && <MotionBanner motion={motion} icon={icon} url={clickThrough} />}
      {remaining > 0 ? (
        <span className={styles.skipWait} aria-live="off">
          {t('adPreview.video.skipIn', { seconds: remaining })}
        </span>
      ) : (
        <button type="button" className={styles.skip} onClick={skip}>
          {t('adPreview.video.skip')} <ChevronRight size={12} />
        </button>
      )}
    </div>
  );
}

const VAST_MESSAGES: Record<VastErrorCode, AdPreviewTextId> = {
  network: 'adPreview.vast.network',
  http: 'adPreview.vast.http',
  'invalid-xml': 'adPreview.vast.invalidXml',
  'not-vast': 'adPreview.vast.notVast',
  'no-ad': 'adPreview.vast.noAd',
  'no-mp4': 'adPreview.vast.noMp4',
  'too-many-wrappers': 'adPreview.vast.tooManyWrappers',
  'bad-url': 'adPreview.vast.badUrl',
};

/** `m:ss` of a duration in seconds, or `—`. */
const clock = (seconds: number | null) => (seconds === null ? '—' : `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`);

/** Wait after the last edit of the tag address before it is fetched. */
const VAST_DEBOUNCE_MS = 400;

/** Waits `ms`, or rejects as aborted when `signal` aborts first. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });
}

/** Fetches the VAST tag (no cookies, no referrer), follows its wrappers and plays the MP4 it names. */
function VastPlayer({ tag, skipTime, motion }: { tag: string; skipTime: number; motion: AdModel | null }) {
  const t = useTexts(AD_PREVIEW_TEXTS);
  const url = httpUrl(tag)?.href ?? '';
  // The tag loads once typing stops; a newer tag (or leaving) cancels the load before (engine/state/useLoader).
  const load = useCallback((signal: AbortSignal) => pause(VAST_DEBOUNCE_MS, signal).then(() => loadVast(url, { signal })), [url]);
  const state = useLoader(url ? load : null);

  if (!tag.trim()) {
    return (
      <Placeholder width={WIDTH} height={HEIGHT} icon={<Film size={24} />}>
        {t('adPreview.vast.noTag')}
      </Placeholder>
    );
  }
  const error = !url ? new VastError('bad-url', tag) : state.status === 'error' ? state.error : undefined;
  if (error) {
    const message = error instanceof VastError ? t(VAST_MESSAGES[error.code], { status: error.details.status, max: error.details.max }) : t('adPreview.failed');
    return (
      <Callout intent={Intent.WARNING} title={t('adPreview.vast.failed')} style={{ maxWidth: WIDTH }}>
        <p>{message}</p>
        {url && <Button icon={<Refresh />} text={t('adPreview.vast.retry')} onClick={state.retry} />}
      </Callout>
    );
  }
  const ad = state.status === 'ready' ? state.data : undefined;
  if (!ad) {
    return (
      <div className={`${common.placeholder}`} style={{ width: WIDTH, height: HEIGHT }}>
        <Spinner size={24} />
        <span>{t('adPreview.vast.loading')}</span>
      </div>
    );
  }
  return (
    <>
      <Player src={ad.mediaFile.url} skipAfter={ad.skipAfter ?? skipTime} clickThrough={ad.clickThrough ?? ''} motion={motion} empty="" />
      <p className={styles.summary}>
        {t('adPreview.vast.summary', { version: ad.version || '?', duration: clock(ad.duration), impressions: ad.impressions.length })}
      </p>
    </>
  );
}

/**
 * An in-stream video ad in a player: the uploaded MP4 (or the file of a VAST tag) with the skip button after
 * the skip time, the motion banner over it and the rewarded post under it when they are enabled.
 */
export function VideoPreview({ model, creative, media }: KindPreviewProps) {
  const t = useTexts(AD_PREVIEW_TEXTS);
  if (!creative) return <Placeholder width={WIDTH} height={HEIGHT}>{t('adPreview.noCreative')}</Placeholder>;
  const motionBanner = obj(model.motion_banner);
  const motion = motionBanner.enabled === true ? motionBanner : null;
  const rewarded = obj(model.rewarded_post);
  // A rewarded post is always skippable after 5 seconds (the schema forces it too).
  const skipTime = rewarded.enabled === true ? 5 : Math.max(0, num(model.skip_time) ?? 5);
  const isVast = str(model.type) === 'vast';
  const companion = isVast ? undefined : srcOf(media, creative.image);
  return (
    <div className={common.stage}>
      {isVast ? (
        <VastPlayer tag={str(creative.vast_tag)} skipTime={skipTime} motion={motion} />
      ) : (
        <Player
          src={srcOf(media, creative.video)}
          skipAfter={skipTime}
          clickThrough={str(creative.url)}
          motion={motion}
          icon={srcOf(media, creative.icon)}
          empty={t('adPreview.video.noVideo')}
        />
      )}
      {rewarded.enabled === true && <RewardedPost rewarded={rewarded} />}
      {companion && <img className={styles.companion} src={companion} alt={t('adPreview.video.companion')} />}
      {!isVast && <Destination label={t('adPreview.destination')} url={str(creative.url)} empty={t('adPreview.noUrl')} />}
    </div>
  );
}

import { Callout, Intent, Spinner } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { Component, lazy, Suspense, type ComponentType, type FunctionComponent, type ReactNode } from 'react';
import { createRegistry } from '../../engine/registry/createRegistry';
import { useTexts } from '../../engine/i18n/TranslatorContext';
import { AD_PREVIEW_TEXTS } from './adPreviewTexts';
import common from './common.module.css';
import { FitWidth } from './FitWidth';
import { creativeAt, obj, type KindPreviewProps, type MediaResolver, type PreviewKind } from './model';

type KindModule = Promise<{ default: FunctionComponent<KindPreviewProps> }>;

/**
 * Each kind's code loads when a preview of that kind is first shown. Wrapped as MobX observers, so a resolver
 * over the media store (`(id) => media.get(id)`) redraws the preview when a file arrives or is uploaded.
 */
const kind = (load: () => KindModule) => lazy(() => load().then((m) => ({ default: observer(m.default) })));

const previews = createRegistry<ComponentType<KindPreviewProps>>('preview kind', {
  popunder: kind(() => import('./kinds/PopunderPreview').then((m) => ({ default: m.PopunderPreview }))),
  banner: kind(() => import('./kinds/BannerPreview').then((m) => ({ default: m.BannerPreview }))),
  push: kind(() => import('./kinds/PushPreview').then((m) => ({ default: m.PushPreview }))),
  video: kind(() => import('./kinds/VideoPreview').then((m) => ({ default: m.VideoPreview }))),
  native: kind(() => import('./kinds/NativePreview').then((m) => ({ default: m.NativePreview }))),
  'direct-link': kind(() => import('./kinds/DirectLinkPreview').then((m) => ({ default: m.DirectLinkPreview }))),
  interstitial: kind(() => import('./kinds/BannerPreview').then((m) => ({ default: m.InterstitialPreview }))),
  calendar: kind(() => import('./kinds/CalendarPreview').then((m) => ({ default: m.CalendarPreview }))),
  gallery: kind(() => import('./kinds/GalleryPreview').then((m) => ({ default: m.GalleryPreview }))),
  'in-page': kind(() => import('./kinds/InPagePreview').then((m) => ({ default: m.InPagePreview }))),
  'notification-widget': kind(() => import('./kinds/NotificationWidgetPreview').then((m) => ({ default: m.NotificationWidgetPreview }))),
} satisfies Record<PreviewKind, ComponentType<KindPreviewProps>>);

/** The props of `AdPreview`. */
export interface AdPreviewProps {
  /** The preview kind of the ad's format (`format.json` → `preview`). */
  kind: PreviewKind | (string & {});
  /** The ad's form data (snake_case, as the creative form holds it; may be half filled). */
  model: unknown;
  /** Finds an uploaded file by id, e.g. `(id) => media.get(id)` over the MediaStore. */
  media: MediaResolver;
  /** Which creative to show (0 by default; clamped to the list). */
  creativeIndex?: number;
}

function Failed() {
  const t = useTexts(AD_PREVIEW_TEXTS);
  return <Callout intent={Intent.WARNING} compact>{t('adPreview.failed')}</Callout>;
}

/** Keeps a preview that throws on odd data from blanking the form around it; tries again when the data changes. */
class PreviewBoundary extends Component<{ resetKey: unknown; children: ReactNode }, { failedFor: unknown; failed: boolean }> {
  override state = { failedFor: undefined as unknown, failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: unknown }, state: { failedFor: unknown; failed: boolean }) {
    if (!state.failed) return { failedFor: props.resetKey };
    return state.failedFor !== props.resetKey ? { failed: false, failedFor: props.resetKey } : null;
  }

  override render() {
    return this.state.failed ? <Failed /> : this.props.children;
  }
}

function Loading() {
  const t = useTexts(AD_PREVIEW_TEXTS);
  return (
    <div className={`${common.loading} ${common.muted}`}>
      <Spinner size={16} />
      <span>{t('adPreview.loading')}</span>
    </div>
  );
}

/**
 * A live preview of an ad as its audience would see it (a push notification, a banner in its slot, a video in a
 * player, …), drawn from the form data. Untrusted HTML only ever runs in sandboxed frames without
 * `allow-same-origin`; links go to http(s) addresses only, in a new tab without opener or referrer.
 * @example <AdPreview kind={format.preview} model={form.values} media={(id) => media.get(id)} creativeIndex={0} />
 */
export function AdPreview({ kind: previewKind, model, media, creativeIndex = 0 }: AdPreviewProps) {
  const t = useTexts(AD_PREVIEW_TEXTS);
  if (!previews.has(previewKind)) {
    return (
      <Callout intent={Intent.WARNING} compact>
        {t('adPreview.unknownKind', { kind: previewKind, known: previews.ids().join(', ') })}
      </Callout>
    );
  }
  const Preview = previews.get(previewKind);
  const data = obj(model);
  return (
    <PreviewBoundary resetKey={model}>
      <Suspense fallback={<Loading />}>
        <FitWidth>
          <Preview model={data} creative={creativeAt(data, creativeIndex)} media={media} />
        </FitWidth>
      </Suspense>
    </PreviewBoundary>
  );
}


export { AdPreview, type AdPreviewProps } from './AdPreview';
export { PREVIEW_KINDS, type AdModel, type KindPreviewProps, type MediaResolver, type PreviewKind } from './model';
export { AD_TAG_FRAME_URL, SANDBOX, SandboxedFrame } from './SandboxedFrame';
export { SafeLink } from './SafeLink';
export { loadVast, parseVast, pickMp4, parseVastTime, VastError, type VastAd, type VastDocument, type VastErrorCode, type VastMediaFile } from './vast';
export { AD_PREVIEW_TEXTS } from './adPreviewTexts';

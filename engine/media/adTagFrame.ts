/**
 * Where the page that previews an ad tag (a banner's code, an interstitial's HTML) is served, on the panel's own host
 * and with its own CSP sandbox: the server's route (server/routes/media-files), the preview frame that loads it
 * (widgets/ad-preview/SandboxedFrame.tsx) and Storybook's copy all use this one path.
 */
export const AD_TAG_FRAME_URL = '/media-files/ad-tag-frame.html';

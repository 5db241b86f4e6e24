import type { SspFormat } from '../../generated/types';

/**
 * Formats of supply traffic a user's traffic provider may sell (GET traffic-provider-ssp-formats;
 * schemas/providers/ssp-format.answer.schema.json): banner sizes, pop, push, native and video. `method_types` are the
 * provider methods that can carry the format (native needs an RTB bid, web push and a direct link an XML feed);
 * `private` ones come with subscription plans that allow private SSP formats. Ids are saved in providers: never rename.
 */
export const sspFormats: readonly SspFormat[] = [
  { id: 'banner-300x250', name: 'Banner 300×250', method_types: ['xml', 'rtb'], private: false },
  { id: 'banner-728x90', name: 'Banner 728×90', method_types: ['xml', 'rtb'], private: false },
  { id: 'banner-160x600', name: 'Banner 160×600', method_types: ['xml', 'rtb'], private: false },
  { id: 'banner-320x50', name: 'Mobile banner 320×50', method_types: ['xml', 'rtb'], private: false },
  { id: 'popunder', name: 'Popunder', method_types: ['xml', 'rtb'], private: false },
  { id: 'web-push', name: 'Web push', method_types: ['xml'], private: false },
  { id: 'in-page-push', name: 'In-page push', method_types: ['xml', 'rtb'], private: false },
  { id: 'native', name: 'Native', method_types: ['rtb'], private: false },
  { id: 'vast-video', name: 'VAST video', method_types: ['xml', 'rtb'], private: false },
  { id: 'direct-link', name: 'Direct link', method_types: ['xml'], private: false },
  { id: 'interstitial', name: 'Interstitial', method_types: ['rtb'], private: true },
  { id: 'clickunder-premium', name: 'Premium clickunder', method_types: ['xml'], private: true },
];

export const sspFormatById = new Map(sspFormats.map((f) => [f.id, f]));

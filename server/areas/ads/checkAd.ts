import type { Owner } from '../../auth/owner';
import { invalidData, schemaFailure, type FieldErrors } from '../../httpError';
import type { Platform } from '../../types';
import type { AdsRepository } from './repository';
import { uiFields, valuesAt } from '../../../engine/form/uiFields';
import { keywordTexts, mediaRefs, splitAdForm, type AdInput } from './adForm';
import { DEFAULT_AD_KEYWORDS, finding, keywordMatcher, scanCode, scanUrl, verdictOf, type Finding } from './contentChecks';
import type { ScanResult } from './repository';

/** The keyword matcher of a network (its `adKeywords`, else the built-in list), built once per list. */
const matchers = new WeakMap<object, (text: string) => string[]>();
export function networkKeywords(network: { adKeywords?: string[] }): (text: string) => string[] {
  const key = network.adKeywords ?? DEFAULT_AD_KEYWORDS;
  let matcher = matchers.get(key);
  if (!matcher) {
    matcher = keywordMatcher(key);
    matchers.set(key, matcher);
  }
  return matcher;
}

/** Which kinds of upload a media field takes (`ui:options.accept`). */
const KIND_OF_ACCEPT: Record<string, string> = { image: 'image', video: 'video', package: 'package' };

/** What the ad checks read: the platform (formats, schemas) and the ads area's repository; the app has both. */
export interface AdsContext {
  platform: Platform;
  ads: AdsRepository;
}

/**
 * Everything a save of the ad form must pass, in order: the format is one this network sells, the data passes
 * the format's schema (the same precompiled validator as the form), every media id is the user's own upload of
 * the right kind. Then the content scan runs (URLs, code, words) and decides whether moderation sees it.
 * @throws 422 with field errors (the error handler translates them).
 */
export async function checkAd({ platform, ads }: AdsContext, owner: Owner, body: Record<string, unknown>): Promise<{ format: string; input: AdInput; scan: ScanResult }> {
  const { format, ...data } = body;
  const { network, userId } = owner;
  const info = typeof format === 'string' ? platform.adFormats.get(format) : undefined;
  if (!info || !network.adFormats.includes(info.id)) throw invalidData({ format: ['Choose an ad format this network offers.'] });
  // The format's schema depends on the body, so it is checked here rather than by the route's schema (only once).
  const entry = platform.catalog.get(info.schema_id);
  if (!entry.validate(data)) throw schemaFailure(entry.validate.errors);

  const refs = mediaRefs(entry.uiSchema, data);
  const owned = await ads.media(userId, [...new Set(refs.map((r) => r.id))]);
  const errors: FieldErrors = {};
  for (const ref of refs) {
    const file = owned.get(ref.id);
    if (!file) errors[ref.field] = ['This file was not found. Upload it again.'];
    else if (file.kind !== (KIND_OF_ACCEPT[ref.accept] ?? ref.accept)) errors[ref.field] = ['This file is of the wrong kind for this field.'];
  }
  if (Object.keys(errors).length) throw invalidData(errors);

  return { format: info.id, input: splitAdForm(data), scan: scanAd(entry.uiSchema, data, networkKeywords(network)) };
}

/** The scan of one ad's form data: URL fields (`ui:options.tokens` or inputType url), code fields, creative words. */
export function scanAd(uiSchema: unknown, data: Record<string, unknown>, keywords: (text: string) => string[]): ScanResult {
  const findings: Finding[] = [];
  for (const field of uiFields(uiSchema)) {
    const isUrl = field.options.tokens === true || field.options.inputType === 'url';
    const isCode = field.options.monospace === true;
    if (!isUrl && !isCode) continue;
    for (const { field: name, value } of valuesAt(data, field.path)) {
      if (typeof value !== 'string' || !value) continue;
      findings.push(...(isUrl ? scanUrl(name, value) : scanCode(name, value)));
    }
  }
  for (const { field, text } of keywordTexts(uiSchema, data)) {
    const words = keywords(text);
    if (words.length) findings.push(finding(field, 'keywords', 'keywords', 'warning', { words: words.join(', ') }));
  }
  return { verdict: verdictOf(findings), findings };
}

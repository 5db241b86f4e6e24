/**
 * The code the tracking page offers to copy, built from the user's pixel URL (a template holding the macros). Kept
 * apart from the page so that the snippets can be run in a test: a snippet that does not run loses every conversion.
 */

/** The macros a tracking URL holds, for the tracker or the page to fill. */
export const MACROS = { clickId: '{click_id}', payout: '{payout}', conversionType: '{conversion_type}' } as const;

/** The landing URL parameter the examples put the click id in (`https://shop.example.com/?c={click_id}`). */
export const CLICK_PARAM = 'c';

/** The first-party cookie the landing page script keeps the click id in. */
const COOKIE = 'ad_click_id';

/** What the conversion script reports until the user edits it. */
const EXAMPLE = { conversionType: 'sale', payout: '10.00' };

/** The variable of the conversion script that fills each macro. */
const VARIABLES: Record<string, string> = { [MACROS.clickId]: 'clickId', [MACROS.payout]: 'payout', [MACROS.conversionType]: 'conversionType' };

const attribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** A JavaScript string literal that is safe inside a <script> element too (no `</script>` can end it early). */
const literal = (text: string) => JSON.stringify(text).replaceAll('<', '\\u003c');

/** An image tag for a page the user's server builds: the macros stay for that server to fill, as in the postback. */
export function imageSnippet(pixelUrl: string): string {
  return `<img src="${attribute(pixelUrl)}" width="1" height="1" alt="" style="display:none">`;
}

/**
 * The landing page's script: keeps the click id of the landing URL in a first-party cookie for the attribution window
 * (a later conversion is too late anyway), so that the conversion page finds it wherever the visitor went between.
 */
export function landingSnippet(attributionDays: number): string {
  return [
    '<script>',
    '(function () {',
    `  var clickId = new URLSearchParams(location.search).get(${literal(CLICK_PARAM)});`,
    `  if (clickId) document.cookie = ${literal(`${COOKIE}=`)} + encodeURIComponent(clickId) + ${literal(`; path=/; max-age=${attributionDays * 86400}; SameSite=Lax`)};`,
    '})();',
    '</script>',
  ].join('\n');
}

/**
 * The conversion page's script: the click id from the page's own URL, else from the landing page's cookie, then the
 * pixel requested with every macro filled (encoded); the conversion type and payout are the lines the user edits.
 */
export function conversionSnippet(pixelUrl: string): string {
  const url = pixelUrl
    .split(/(\{click_id\}|\{payout\}|\{conversion_type\})/)
    .filter(Boolean)
    .map((part) => (VARIABLES[part] ? `encodeURIComponent(${VARIABLES[part]})` : literal(part)))
    .join(' + ');
  return [
    '<script>',
    '(function () {',
    `  var conversionType = ${literal(EXAMPLE.conversionType)};`,
    `  var payout = ${literal(EXAMPLE.payout)};`,
    `  var kept = document.cookie.match(/(?:^|; )${COOKIE}=([^;]*)/);`,
    `  var clickId = new URLSearchParams(location.search).get(${literal(CLICK_PARAM)}) || (kept && decodeURIComponent(kept[1]));`,
    `  if (clickId) new Image().src = ${url};`,
    '})();',
    '</script>',
  ].join('\n');
}

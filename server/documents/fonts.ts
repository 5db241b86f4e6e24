import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Where the document fonts come from: npm packages, so a fresh `npm install` prints every language without
 * system fonts. Noto Sans covers Latin (with Central European letters), Cyrillic, Greek and the currency
 * signs; BIZ UDPGothic covers Japanese (JIS X 0213). Both SIL OFL 1.1. pdfkit embeds only the glyphs a
 * document uses, so a PDF stays small however big the source file is. Swapping a font is one line here.
 */
const FONT_FILES = {
  'latin-regular': '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  'latin-bold': '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  'japanese-regular': '@expo-google-fonts/biz-udpgothic/400Regular/BIZUDPGothic_400Regular.ttf',
  'japanese-bold': '@expo-google-fonts/biz-udpgothic/700Bold/BIZUDPGothic_700Bold.ttf',
} as const;

/** One of the embedded fonts: a script and a weight. */
export type FontFace = keyof typeof FONT_FILES;

/** Which font family a text needs. */
export type FontScript = 'latin' | 'japanese';

/** Kanji, kana, CJK punctuation and full-width forms: what the Latin font lacks and the Japanese font has. */
const JAPANESE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303F\uFF00-\uFFEF]/u;
/** What the Japanese font sets full-width (Cyrillic, Greek) or lacks (most currency signs but the euro's). */
const NOT_FOR_JAPANESE_FONT = /[\p{Script=Cyrillic}\p{Script=Greek}\u20A0-\u20AB\u20AD-\u20CF\u202F]/u;

const requireFromHere = createRequire(import.meta.url);
const loaded = new Map<FontFace, Buffer>();

/**
 * The absolute path of a font file.
 * @throws naming the package to install when it is missing
 */
export function fontFile(face: FontFace): string {
  const specifier = FONT_FILES[face];
  try {
    return requireFromHere.resolve(specifier);
  } catch {
    const pkg = specifier.split('/').slice(0, 2).join('/');
    throw new Error(`The PDF documents need the font ${specifier}: install the npm package ${pkg}`);
  }
}

/** The bytes of a font, read once per process. */
export function fontBytes(face: FontFace): Buffer {
  let bytes = loaded.get(face);
  if (!bytes) {
    bytes = readFileSync(fontFile(face));
    loaded.set(face, bytes);
  }
  return bytes;
}

/**
 * The font family a whole string is set in. A string with any Japanese character is set in the Japanese
 * font (its Latin letters too). Other strings follow the document: a Japanese document sets Latin in the
 * Japanese font as well, for one look throughout, except what that font sets full-width or lacks
 * (Cyrillic, Greek, most currency signs); every other document sets them in Noto Sans.
 */
export function scriptOf(text: string, documentScript: FontScript = 'latin'): FontScript {
  if (JAPANESE.test(text)) return 'japanese';
  if (documentScript === 'japanese' && !NOT_FOR_JAPANESE_FONT.test(text)) return 'japanese';
  return 'latin';
}

/** The face for a text in a weight, in a document whose own script is `documentScript`. */
export function faceFor(text: string, bold: boolean, documentScript: FontScript = 'latin'): FontFace {
  return `${scriptOf(text, documentScript)}-${bold ? 'bold' : 'regular'}`;
}

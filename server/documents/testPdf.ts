import { extractText, getDocumentProxy } from 'unpdf';

/** The text of a PDF as a reader would copy it, and its page count (for tests). */
export async function pdfText(pdf: Buffer): Promise<{ text: string; pages: number }> {
  // verbosity 0: pdf.js would warn about the fonts' hinting code, which viewers ignore too.
  const proxy = await getDocumentProxy(new Uint8Array(pdf), { verbosity: 0 });
  const { text, totalPages } = await extractText(proxy, { mergePages: true });
  return { text, pages: totalPages };
}

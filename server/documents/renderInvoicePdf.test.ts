import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adnetNetwork, buyerNames, sampleInvoice } from './documentFixtures';
import { renderInvoicePdf } from './renderInvoicePdf';
import { pdfText } from './testPdf';

describe('renderInvoicePdf', () => {
  it('prints an English invoice: number, dates, parties, amounts with grouping, bank details and reference', async () => {
    const pdf = await renderInvoicePdf(sampleInvoice('en'));
    const { text, pages } = await pdfText(pdf);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages).toBe(1);
    for (const expected of [
      'Invoice',
      'INV-2026-000123',
      '03.05.2026',
      '17.05.2026',
      'AdNet Europe B.V.',
      'Blue Harbor Media Ltd',
      'VAT ID: GB987654321',
      '$1,250.00',
      '$300.50',
      '$1,550.50',
      'NL91 INGB 0001 2345 67',
      'INGBNL2A',
      'Advertising services, invoice INV-2026-000123',
      'Please pay by 17.05.2026',
      'Thank you for your business.',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('PAID');
    expect(text).not.toContain('CANCELLED');
  });

  it('prints a paid Russian invoice in Cyrillic with Russian grouping and the stamp', async () => {
    const { text } = await pdfText(await renderInvoicePdf(sampleInvoice('ru', { status: 'paid' })));
    expect(text).toContain('Счёт');
    expect(text).toContain(buyerNames.ru);
    // Intl separates with U+00A0; the font draws it with the space's glyph, so a reader copies a plain space.
    expect(text).toContain('1 250,00 $');
    expect(text).toContain('1 550,50 $');
    expect(text).toContain('ОПЛАЧЕНО');
    expect(text).toContain('Стр. 1 из 1');
    // A paid invoice no longer asks to be paid.
    expect(text).not.toContain('Оплатите');
  });

  it('prints a Japanese invoice with a Japanese customer', async () => {
    const pdf = await renderInvoicePdf(sampleInvoice('jp', { status: 'paid' }));
    const { text } = await pdfText(pdf);
    expect(text).toContain('請求書');
    expect(text).toContain('株式会社サンプル広告');
    expect(text).toContain('$1,250.00');
    expect(text).toContain('$1,550.50');
    expect(text).toContain('支払済');
    // The Japanese font is embedded (a subset), not left to the reader's system.
    expect(pdf.toString('latin1')).toMatch(/\/FontName \/[A-Z]{6}\+BIZUDPGothic/);
  });

  it('embeds its fonts instead of relying on the 14 standard PDF fonts', async () => {
    const pdf = (await renderInvoicePdf(sampleInvoice('en'))).toString('latin1');
    expect(pdf).toMatch(/\/FontName \/[A-Z]{6}\+NotoSans-Regular/);
    expect(pdf).toMatch(/\/FontFile2 /);
    expect(pdf).not.toMatch(/\/BaseFont \/Helvetica/);
  });

  it('stamps a cancelled invoice CANCELLED', async () => {
    const { text } = await pdfText(await renderInvoicePdf(sampleInvoice('en', { status: 'cancelled' })));
    expect(text).toContain('CANCELLED');
    expect(text).not.toContain('PAID');
  });

  it('prints German and Spanish amounts the way those languages write them', async () => {
    const de = await pdfText(await renderInvoicePdf(sampleInvoice('de', { network: { ...adnetNetwork, currencyCode: 'EUR', currencySign: '€' } })));
    expect(de.text).toContain('1.550,50 €');
    expect(de.text).toContain('Größenwahn Werbung GmbH');
    expect(de.text).toContain('Rechnung');
    const es = await pdfText(await renderInvoicePdf(sampleInvoice('es')));
    expect(es.text).toContain('Factura');
    expect(es.text).toContain('Publicidad Año Nuevo S.L.');
  });

  it('renders the same invoice to the same bytes', async () => {
    const first = await renderInvoicePdf(sampleInvoice('jp'));
    const second = await renderInvoicePdf(sampleInvoice('jp'));
    expect(second.equals(first)).toBe(true);
    // Only the glyphs used are embedded: a Japanese invoice stays small though its font is 4.5 MB.
    expect(first.length).toBeLessThan(120_000);
    expect((await renderInvoicePdf(sampleInvoice('en'))).length).toBeLessThan(60_000);
  });

  it('keeps a 500-character and a Japanese company name, a huge note and 120 lines inside the layout', async () => {
    const longName = `Start${'Verylongcompanyname'.repeat(26)}`.slice(0, 500);
    const hostile = sampleInvoice('en', {
      buyer: { companyName: longName, address: 'Line\u202E reversed\u0000 \u0007\n'.repeat(200), email: 'x@y.z' },
      note: 'Note '.repeat(2000),
      lines: Array.from({ length: 120 }, (_, i) => ({ description: `Service ${i + 1} ${'detail '.repeat(i % 40)}`, amount: `${i}.10` })),
    });
    const { text, pages } = await pdfText(await renderInvoicePdf(hostile));
    expect(text).toContain('StartVerylong');
    expect(text).not.toContain(longName);
    expect(text).toContain('…');
    expect(text).not.toContain('\u202E');
    expect(text).toContain('Service 120');
    expect(pages).toBeGreaterThan(2);
    expect(text).toContain(`Page ${pages} of ${pages}`);

    const japanese = await pdfText(await renderInvoicePdf(sampleInvoice('en', { buyer: { companyName: '株式会社'.repeat(125) } })));
    expect(japanese.text).toContain('株式会社株式会社');
    expect(japanese.pages).toBe(1);
  });

  it('prints the network name in its colour when the logo is missing, and draws a PNG logo as a picture', async () => {
    const missing = { ...adnetNetwork, name: 'Zebra Ads', logo: '/nonexistent/logo.svg' };
    const fallback = await pdfText(await renderInvoicePdf(sampleInvoice('en', { network: missing })));
    expect(fallback.text.match(/Zebra Ads/g)).toHaveLength(2); // the header and the footer

    const dir = mkdtempSync(join(tmpdir(), 'logo-'));
    const png = join(dir, 'logo.svg'); // a PNG with a misleading name: the content decides
    writeFileSync(png, Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));
    const pictured = await renderInvoicePdf(sampleInvoice('en', { network: { ...missing, logo: png } }));
    expect((await pdfText(pictured)).text.match(/Zebra Ads/g)).toHaveLength(1); // the footer only
    expect(pictured.toString('latin1')).toContain('/Subtype /Image');
  });

  it('refuses amounts that are not decimal strings rather than print a float', async () => {
    await expect(renderInvoicePdf(sampleInvoice('en', { total: '1,550.50' }))).rejects.toThrow(/total must be a decimal string/);
    await expect(renderInvoicePdf(sampleInvoice('en', { lines: [{ description: 'x', amount: 1e21 as unknown as string }] }))).rejects.toThrow(/line 1 amount/);
    await expect(renderInvoicePdf(sampleInvoice('en', { dueAt: new Date('nope') }))).rejects.toThrow(/valid Date/);
  });
});

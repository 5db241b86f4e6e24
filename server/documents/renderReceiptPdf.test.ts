import { describe, expect, it } from 'vitest';
import { adnetNetwork, sampleReceipt } from './documentFixtures';
import { renderReceiptPdf } from './renderReceiptPdf';
import { pdfText } from './testPdf';

describe('renderReceiptPdf', () => {
  it('prints an English receipt: number, time in UTC, method, payer, amount, fee, bonus, credited and PAID', async () => {
    const { text, pages } = await pdfText(await renderReceiptPdf(sampleReceipt('en')));
    expect(pages).toBe(1);
    for (const expected of [
      'Receipt',
      'PAY-2026-004512',
      '03.05.2026 14:07 UTC',
      'Visa •••• 4242',
      'AdNet Europe B.V.',
      'Blue Harbor Media Ltd',
      'billing@blueharbor.example',
      'Amount paid $1,250.00',
      'Payment fee $37.50',
      'Bonus $62.50',
      'Credited to your balance $1,275.00',
      'PAID',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints a Russian receipt in Cyrillic with Russian grouping', async () => {
    const { text } = await pdfText(await renderReceiptPdf(sampleReceipt('ru')));
    expect(text).toContain('Квитанция');
    expect(text).toContain('ООО «Ромашка Медиа»');
    expect(text).toContain('1 250,00 $');
    expect(text).toContain('1 275,00 $');
    expect(text).toContain('ОПЛАЧЕНО');
  });

  it('prints a Japanese receipt with a Japanese payer', async () => {
    const { text } = await pdfText(await renderReceiptPdf(sampleReceipt('jp')));
    expect(text).toContain('領収書');
    expect(text).toContain('株式会社サンプル広告');
    expect(text).toContain('$1,275.00');
    expect(text).toContain('支払済');
  });

  it("uses the payment's own currency when given, and the network's name when no company is given", async () => {
    const receipt = sampleReceipt('de', { currency: { code: 'RUB', sign: '₽' }, seller: undefined, network: { ...adnetNetwork, name: 'Netz AG' } });
    const { text } = await pdfText(await renderReceiptPdf(receipt));
    expect(text).toContain('1.275,00 ₽');
    expect(text).toContain('ZAHLUNGSEMPFÄNGER\nNetz AG');
  });

  it('renders the same receipt to the same bytes, and a huge payer name without throwing', async () => {
    const first = await renderReceiptPdf(sampleReceipt('jp'));
    expect((await renderReceiptPdf(sampleReceipt('jp'))).equals(first)).toBe(true);
    const { text, pages } = await pdfText(await renderReceiptPdf(sampleReceipt('en', { payerName: 'Ω'.repeat(500), methodName: 'M'.repeat(300) })));
    expect(pages).toBe(1);
    expect(text).toContain('ΩΩΩΩ');
    expect(text).toContain('…');
  });

  it('refuses a fee that is not a decimal string', async () => {
    await expect(renderReceiptPdf(sampleReceipt('en', { fee: '3,5' }))).rejects.toThrow(/fee must be a decimal string/);
  });
});

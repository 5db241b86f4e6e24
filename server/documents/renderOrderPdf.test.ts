import { describe, expect, it } from 'vitest';
import { sampleOrder } from './documentFixtures';
import { renderOrderPdf } from './renderOrderPdf';
import { pdfText } from './testPdf';

describe('renderOrderPdf', () => {
  it('prints an English order: number, date, status, parties, the deal and its package, the price and what comes next', async () => {
    const { text, pages } = await pdfText(await renderOrderPdf(sampleOrder('en')));
    expect(pages).toBe(1);
    for (const expected of [
      'Order confirmation',
      'FD-1001',
      '28.11.2026',
      'Pending review',
      'AdNet Europe B.V.',
      'Blue Harbor Media Ltd',
      'Flat deal: sportzone24.com (Banner)',
      '$562.50',
      '250,000 impressions',
      '01.12.2026 – 14.12.2026',
      '300x250',
      'Our team reviews the order.',
      'Call Ann before the start.',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('APPROVED');
  });

  it('stamps a decided order and prints the note staff wrote', async () => {
    const { text } = await pdfText(await renderOrderPdf(sampleOrder('en', { status: 'rejected', decisionNote: 'The publisher is full that week.' })));
    expect(text).toContain('REJECTED');
    expect(text).toContain('The publisher is full that week.');
    expect(text).toContain('nothing is reserved or charged');
  });

  it('prints the order in the reader\'s language and script', async () => {
    const ru = (await pdfText(await renderOrderPdf(sampleOrder('ru', { status: 'approved', limitType: 'days', limitValue: 14 })))).text;
    for (const expected of ['Подтверждение заказа', 'ООО «Ромашка Медиа»', '14 дн.', '562,50 $', 'ОДОБРЕН']) expect(ru).toContain(expected);
    const jp = (await pdfText(await renderOrderPdf(sampleOrder('jp')))).text;
    for (const expected of ['注文確認書', '株式会社サンプル広告', '250,000 インプレッション']) expect(jp).toContain(expected);
  });

  it('renders the same order to the same bytes, and refuses a price that is not a decimal string', async () => {
    const first = await renderOrderPdf(sampleOrder('de'));
    expect((await renderOrderPdf(sampleOrder('de'))).equals(first)).toBe(true);
    await expect(renderOrderPdf(sampleOrder('en', { price: '562,5' }))).rejects.toThrow(/price must be a decimal string/);
  });
});

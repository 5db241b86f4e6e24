import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adnetNetwork } from './documentFixtures';
import { drawLogo } from './drawLogo';
import { createSheet } from './sheet';
import { pdfText } from './testPdf';
import type { DocumentNetwork } from './types';

/** The text of a one-page PDF with only the logo (and the footer, which names the network). */
async function logoText(network: DocumentNetwork): Promise<string> {
  const { sheet, finish } = createSheet({ locale: 'en', network, title: 'T', createdAt: new Date(0) });
  drawLogo(sheet.doc, network, { x: 50, y: 50, width: 200, height: 40 });
  return (await pdfText(await finish())).text;
}

/** A logo file with `content`. */
function logoFile(content: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'logo-')), 'logo.svg');
  writeFileSync(file, content);
  return file;
}

describe('drawLogo', () => {
  it("draws an SVG logo's own text (the demo logo says AdNet) rather than the network's name", async () => {
    const text = await logoText({ ...adnetNetwork, name: 'Operator Name' });
    expect(text).toContain('AdNet');
    expect(text.match(/Operator Name/g)).toHaveLength(1); // the footer only
  });

  it('prints the name instead of a logo it cannot draw, with nothing half-drawn', async () => {
    const gradient = logoFile('<svg viewBox="0 0 10 10"><rect width="5" height="5"/><text y="5">Half</text><linearGradient/></svg>');
    const text = await logoText({ ...adnetNetwork, name: 'Operator Name', logo: gradient });
    expect(text.match(/Operator Name/g)).toHaveLength(2);
    expect(text).not.toContain('Half');
  });

  it('prints the name when the logo file is not an image at all', async () => {
    const text = await logoText({ ...adnetNetwork, name: 'Operator Name', logo: logoFile('%PDF-1.7 not a logo') });
    expect(text.match(/Operator Name/g)).toHaveLength(2);
  });
});

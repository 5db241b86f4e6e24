import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvBlob, csvFileName, downloadCsv } from './downloadCsv';

// jsdom has no object URLs: each test that needs them puts stand-ins in and they come out again here.
const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

describe('downloadCsv', () => {
  it('makes a UTF-8 CSV blob that starts with a byte order mark', async () => {
    const blob = csvBlob('Сайт,Cost\r\n');
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('Сайт,Cost\r\n');
  });

  it('clicks a download link for the blob, then lets go of the link and the URL', async () => {
    vi.useFakeTimers();
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), 'blob:csv-1'));
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    downloadCsv('statistics/2026:11', 'a,b\r\n');
    expect(blobs).toHaveLength(1);
    expect(clicked).toHaveLength(1);
    expect(clicked[0].download).toBe('statistics_2026_11.csv');
    expect(clicked[0].href).toBe('blob:csv-1');
    expect(document.querySelector('a')).toBeNull();
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:csv-1');
  });

  it('names files safely and keeps a .csv ending', () => {
    expect(csvFileName('report.CSV')).toBe('report.CSV');
    expect(csvFileName('a<b>|c?')).toBe('a_b_c_.csv');
    expect(csvFileName('  ')).toBe('export.csv');
  });
});

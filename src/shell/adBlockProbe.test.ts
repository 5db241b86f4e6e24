import { describe, expect, it, vi } from 'vitest';
import { detectAdBlock } from './adBlockProbe';

describe('detectAdBlock', () => {
  it('sees a blocker when the probe request fails or is refused', async () => {
    expect(await detectAdBlock('/ads/x.js', document, vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))).toBe(true);
    expect(await detectAdBlock('/ads/x.js', document, vi.fn(async () => new Response('', { status: 404 })))).toBe(true);
  });

  it('sees none when the probe loads, and leaves no bait behind', async () => {
    expect(await detectAdBlock('/ads/x.js', document, vi.fn(async () => new Response('//', { status: 200 })))).toBe(false);
    expect(document.querySelector('.adsbox')).toBeNull();
  });
});

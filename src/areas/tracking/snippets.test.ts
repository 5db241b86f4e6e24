import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversionSnippet, imageSnippet, landingSnippet } from './snippets';

const PIXEL = 'https://track.adnet.example.com/pixel.gif?key=trk_0123456789abcdef01234567&click_id={click_id}&payout={payout}&conversion_type={conversion_type}';

/** Runs a snippet's script the way the browser would on the page (its body, between the script tags). */
const run = (snippet: string) => new Function(snippet.replace(/^<script>\n/, '').replace(/\n<\/script>$/, ''))();

/** The images the scripts requested, by their `src`. */
function watchImages() {
  const requested: string[] = [];
  vi.stubGlobal(
    'Image',
    class {
      set src(url: string) {
        requested.push(url);
      }
    },
  );
  return requested;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'ad_click_id=; path=/; max-age=0';
  history.replaceState(null, '', '/');
});

describe('the tracking snippets', () => {
  it('leave the macros of the image tag for the user’s server, in a valid attribute', () => {
    const holder = document.createElement('div');
    holder.innerHTML = imageSnippet(PIXEL);
    expect(holder.querySelector('img')?.getAttribute('src')).toBe(PIXEL);
  });

  it('keep the click id on the landing page and report it, encoded, from the conversion page', () => {
    const requested = watchImages();
    history.replaceState(null, '', '/landing?c=ab1.x%26y%3Dz');
    run(landingSnippet(30));
    expect(document.cookie).toContain('ad_click_id=ab1.x%26y%3Dz');

    history.replaceState(null, '', '/thanks');
    run(conversionSnippet(PIXEL));
    expect(requested).toEqual(['https://track.adnet.example.com/pixel.gif?key=trk_0123456789abcdef01234567&click_id=ab1.x%26y%3Dz&payout=10.00&conversion_type=sale']);
  });

  it('report nothing without a click id, and prefer the page’s own one to the kept one', () => {
    const requested = watchImages();
    run(conversionSnippet(PIXEL));
    expect(requested).toEqual([]);

    document.cookie = 'ad_click_id=old; path=/';
    history.replaceState(null, '', '/thanks?c=new');
    run(conversionSnippet(PIXEL));
    expect(requested).toEqual([expect.stringContaining('click_id=new&')]);
  });
});

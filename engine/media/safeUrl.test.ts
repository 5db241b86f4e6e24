import { describe, expect, it } from 'vitest';
import { httpUrl, isFrameSrc, isMediaSrc, siteDomain } from './safeUrl';

describe('safe addresses', () => {
  it('takes only absolute http(s) URLs as links', () => {
    expect(httpUrl('https://shop.example.com/a?b=1')?.href).toBe('https://shop.example.com/a?b=1');
    expect(httpUrl(' HTTP://Example.com ')?.hostname).toBe('example.com');
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', '//evil.example.com', '/relative', 'https://', 'ftp://x.example.com', '', null, 42]) {
      expect(httpUrl(bad), String(bad)).toBeNull();
    }
  });

  it('gives the site domain of a landing page', () => {
    expect(siteDomain('https://www.shop.example.com/winter?x={click_id}')).toBe('shop.example.com');
    expect(siteDomain('javascript:alert(1)')).toBe('');
  });

  it('lets images and videos come from http(s), blob: or inline images only', () => {
    expect(isMediaSrc('https://core.example.com/media-files/t/a.png')).toBe(true);
    expect(isMediaSrc('blob:https://panel.example.com/5b1c')).toBe(true);
    expect(isMediaSrc('data:image/svg+xml;charset=utf-8,%3Csvg%3E')).toBe(true);
    expect(isMediaSrc('data:image/png;base64,iVBORw0')).toBe(true);
    expect(isMediaSrc('data:text/html,<script>alert(1)</script>')).toBe(false);
    expect(isMediaSrc('javascript:alert(1)')).toBe(false);
  });

  it('loads frames from http(s) or blob: only', () => {
    expect(isFrameSrc('https://core.example.com/media-files/t/index.html')).toBe(true);
    expect(isFrameSrc('blob:https://panel.example.com/1')).toBe(true);
    expect(isFrameSrc('data:text/html,<p>x</p>')).toBe(false);
    expect(isFrameSrc('about:blank')).toBe(false);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { applyBrand } from './applyBrand';
import type { Network } from './NetworkStore';
import { isSafeAssetUrl } from './safeAssetUrl';

/** A network as it might arrive: unchecked, so odd values reach the code under test. */
const network = (answer: unknown) => answer as Network;

afterEach(() => {
  document.documentElement.removeAttribute('style');
  document.head.innerHTML = '';
});

describe('applyBrand', () => {
  it('puts hex theme colours and favicons of the network on the page', () => {
    applyBrand(network({
      id: 'x',
      name: 'X',
      settings: { defaultTheme: 'light', themes: { light: { primary: '#7C3AED', background: '#fff' } }, favicons: [{ rel: 'icon', href: '/network-assets/x/icon.svg', type: 'image/svg+xml' }] },
    }));
    expect(document.documentElement.style.getPropertyValue('--brand-primary')).toBe('#7C3AED');
    expect(document.documentElement.style.getPropertyValue('--brand-surface')).toBe('#fff');
    // The primary colour is every control's accent: Blueprint's blue scale, recoloured around it.
    expect(document.documentElement.style.getPropertyValue('--accent-3')).toBe('#7c3aed');
    expect(document.documentElement.style.getPropertyValue('--accent-2')).toBe('#5d2cb2');
    expect(document.head.querySelector('link[rel=icon]')?.getAttribute('href')).toBe('/network-assets/x/icon.svg');
  });

  it('refuses colours and URLs that are not plainly safe', () => {
    applyBrand(network({
      id: 'x',
      name: 'X',
      settings: { themes: { light: { primary: 'red;background:url(//evil)' } }, favicons: [{ rel: 'icon', href: 'javascript:alert(1)' }] },
    }));
    expect(document.documentElement.style.getPropertyValue('--brand-primary')).toBe('');
    expect(document.documentElement.style.getPropertyValue('--accent-3')).toBe('');
    expect(document.head.querySelector('link')).toBeNull();
  });
});

describe('isSafeAssetUrl', () => {
  it.each([
    ['/network-assets/a/logo.svg', true],
    ['https://cdn.example.com/logo.png', true],
    ['//evil.example/logo.png', false],
    ['/\\evil.example', false],
    ['http://plain.example/logo.png', false],
    ['data:image/svg+xml,<svg onload=alert(1)>', false],
    ['javascript:alert(1)', false],
  ])('%s → %s', (url, ok) => expect(isSafeAssetUrl(url)).toBe(ok));
});

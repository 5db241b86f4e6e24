import { describe, expect, it } from 'vitest';
import { accentShades, brandableCss } from './accents';

describe('brand accents', () => {
  it("turns Blueprint's blue scale into variables with the blue as fallback", () => {
    const css = '.bp6-button.bp6-intent-primary{background-color:#2d72d2;}\na{color:#215DB0;}\n.x{color:#123456;}';
    expect(brandableCss(css)).toBe('.bp6-button.bp6-intent-primary{background-color:var(--accent-3, #2d72d2);}\na{color:var(--accent-2, #215db0);}\n.x{color:#123456;}');
  });

  it('adds a colour-mixed twin after a declaration with a translucent blue, keeping the original for older browsers', () => {
    const css = '.m:hover{background:rgba(45, 114, 210, 0.2);color:red}\n.n{box-shadow:0 0 0 1px rgba(0, 0, 0, 0.2)}';
    expect(brandableCss(css)).toBe(
      '.m:hover{background:rgba(45, 114, 210, 0.2);background:color-mix(in srgb, var(--accent-3, #2d72d2) 20%, transparent);color:red}\n.n{box-shadow:0 0 0 1px rgba(0, 0, 0, 0.2)}',
    );
  });

  it('makes five shades around a primary colour, and none of a colour it cannot read', () => {
    expect(accentShades('#7c3aed')).toEqual(['#442082', '#5d2cb2', '#7c3aed', '#9d6bf2', '#c4a6f7']);
    expect(accentShades('#fff')?.[2]).toBe('#ffffff');
    expect(accentShades('purple')).toBeNull();
  });
});

import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FitWidth } from './FitWidth';

/** jsdom has no layout: widths come from data attributes, and ResizeObserver reports once on observe. */
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: () => void) {}
      observe() {
        this.callback();
      }
      disconnect() {}
    },
  );
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.parentElement?.hasAttribute('data-box') ? 400 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return Number(this.querySelector('[data-width]')?.getAttribute('data-width') ?? 0);
  });
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(() => 90);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const box = (width: number) => (
  <div data-box>
    <FitWidth>
      <div data-width={width} />
    </FitWidth>
  </div>
);

describe('FitWidth', () => {
  it('scales content wider than the box down as a whole, taking the scaled height', () => {
    const { container } = render(box(800));
    const outer = container.querySelector('[data-scale]') as HTMLElement;
    expect(outer.dataset.scale).toBe('0.500');
    expect(outer.style.height).toBe('45px');
    expect((outer.firstElementChild as HTMLElement).style.transform).toBe('scale(0.5)');
    expect((outer.firstElementChild as HTMLElement).style.width).toBe('800px');
  });

  it('leaves content that fits alone', () => {
    const { container } = render(box(300));
    expect(container.querySelector('[data-scale]')).toBeNull();
    expect(container.querySelector('[style*="scale"]')).toBeNull();
  });
});

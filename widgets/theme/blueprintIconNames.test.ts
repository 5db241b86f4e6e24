import { describe, expect, it } from 'vitest';
import { IconNames as RealNames } from '@blueprintjs/icons';
import { IconNames, IconNamesSet } from './blueprintIconNames';

describe('the stand-in for Blueprint icon names (vite.config.ts)', () => {
  it('accepts every icon Blueprint has, and spells every name key as Blueprint does', () => {
    const real = RealNames as Record<string, string>;
    for (const [key, name] of Object.entries(real)) {
      expect(IconNamesSet.has(name), name).toBe(true);
      expect(IconNames[key], key).toBe(name);
    }
    expect(Object.keys(real).length).toBeGreaterThan(1000);
  });

  it('refuses what cannot be an icon name', () => {
    for (const name of ['', 'Add', 'add_application', '../paths/add', 'add-', 'add application']) expect(IconNamesSet.has(name), name).toBe(false);
  });
});

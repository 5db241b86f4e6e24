import { describe, expect, it } from 'vitest';
import { mainRoute, sectionAllowed } from './sections';

describe('mainRoute', () => {
  it('is the dashboard when allowed', () => {
    expect(mainRoute(new Set(['Dashboard', 'RtbStatistics', 'Profile']))).toBe('/dashboard');
  });
  it('is RTB statistics without the dashboard', () => {
    expect(mainRoute(new Set(['RtbStatistics', 'Profile']))).toBe('/rtb-statistics');
  });
  it('is the profile without either', () => {
    expect(mainRoute(new Set(['Ads']))).toBe('/personal');
    expect(mainRoute(new Set())).toBe('/personal');
  });
});

describe('sectionAllowed', () => {
  it('lets routes without a section through and checks the rest', () => {
    const allowed = new Set(['Ads']);
    expect(sectionAllowed(undefined, allowed)).toBe(true);
    expect(sectionAllowed('Ads', allowed)).toBe(true);
    expect(sectionAllowed('Rtb', allowed)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { meaningfulTargets } from './targetDefaults';

const defaults = new Map<string, Record<string, unknown>>([
  ['site', { accept: true, premium: false, is_new: false }],
  ['country', { accept: true }],
]);

describe('targets as moderation compares them', () => {
  it('leaves out settings at their defaults, empty lists and targets left with nothing', () => {
    expect(meaningfulTargets({ country: { accept: true, countries: [] }, site: { accept: true, premium: false, sites: [], domains: '' } }, defaults)).toEqual({});
  });

  it('sees a blacklist saved by the statistics the same as the form sending it back with its defaults', () => {
    const saved = { site: { accept: false, sites: [7, 9] } };
    const fromForm = { site: { accept: false, sites: [7, 9], premium: false, is_new: false, domains: '' }, country: { accept: true, countries: [] } };
    expect(meaningfulTargets(fromForm, defaults)).toEqual(meaningfulTargets(saved, defaults));
  });

  it('keeps what differs from the defaults', () => {
    expect(meaningfulTargets({ site: { accept: true, premium: true, sites: [] } }, defaults)).toEqual({ site: { premium: true } });
  });
});

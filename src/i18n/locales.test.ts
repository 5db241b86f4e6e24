import { describe, expect, it } from 'vitest';
import networkMeta from '../../schemas/meta/network-config.schema.json';
import { LANGUAGE_NAMES, LOCALES } from './locales';

describe('LOCALES', () => {
  it('lists the locales of the network config schema, the ones the server accepts', () => {
    expect([...LOCALES].sort()).toEqual([...networkMeta.definitions.locale.enum].sort());
    expect(Object.keys(LANGUAGE_NAMES).sort()).toEqual([...LOCALES].sort());
  });
});

import { describe, expect, it } from 'vitest';
import { onlyOptions } from './onlyOptions';

describe('onlyOptions', () => {
  const enumOptions = [
    { value: 'cpm', label: 'CPM' },
    { value: 'cpc', label: 'CPC' },
    { value: 'cpa', label: 'CPA' },
  ];

  it("offers the schema's options, or those `only` lists", () => {
    expect(onlyOptions({ enumOptions })).toEqual(enumOptions);
    expect(onlyOptions({ enumOptions, only: ['cpa', 'cpm'] }).map((o) => o.value)).toEqual(['cpm', 'cpa']);
  });

  it('offers `choices` for a text field without an enum (values known when the page opens), never beside an enum', () => {
    expect(onlyOptions({ choices: ['300x250', '728x90', 7] })).toEqual([
      { value: '300x250', label: '300x250' },
      { value: '728x90', label: '728x90' },
    ]);
    expect(onlyOptions({ enumOptions, choices: ['x'] })).toEqual(enumOptions);
    expect(onlyOptions({})).toEqual([]);
  });
});

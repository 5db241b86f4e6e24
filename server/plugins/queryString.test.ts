import { describe, expect, it } from 'vitest';
import { parseQueryString } from './queryString';

describe('parseQueryString', () => {
  it('folds axios-style array keys into plain ones', () => {
    expect(parseQueryString('ids[]=1&ids[]=2&query=a')).toEqual({ ids: ['1', '2'], query: 'a' });
    expect(parseQueryString('ids=1&ids[]=2')).toEqual({ ids: ['1', '2'] });
    expect(parseQueryString('format=banner&format=popunder')).toEqual({ format: ['banner', 'popunder'] });
    expect(parseQueryString('')).toEqual({});
  });
});

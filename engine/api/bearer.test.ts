import { describe, expect, it } from 'vitest';
import { bearerToken } from './bearer';

describe('bearerToken', () => {
  it('reads the token of a Bearer header, case-insensitively', () => {
    expect(bearerToken('Bearer abc.def-ghi')).toBe('abc.def-ghi');
    expect(bearerToken('bearer  xyz ')).toBe('xyz');
  });
  it('returns null for missing or other schemes', () => {
    expect(bearerToken(undefined)).toBeNull();
    expect(bearerToken('')).toBeNull();
    expect(bearerToken('Basic dXNlcg==')).toBeNull();
    expect(bearerToken('Bearer')).toBeNull();
  });
});

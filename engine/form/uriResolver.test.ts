import fastUri from 'fast-uri';
import { describe, expect, it } from 'vitest';
import shim from './uriResolver';

describe('the fast-uri stand-in of the browser bundle', () => {
  it.each([
    ['https://example.com/schemas/ad.json', 'defs.json#/definitions/x'],
    ['https://example.com/schemas/ad.json', '#/definitions/x'],
    ['https://example.com/a/b/', '../c.json'],
    ['https://example.com/a', 'https://other.example/x.json'],
    ['urn:example:root', '#foo'],
  ])('resolves %s + %s as fast-uri does', (base, ref) => {
    expect(shim.resolve(base, ref)).toBe(fastUri.resolve(base, ref));
  });

  it.each([
    ['https://example.com/a/../x.json', 'https://example.com/x.json', true],
    ['https://EXAMPLE.com/x.json', 'https://example.com/x.json', true],
    ['https://example.com/x.json', 'https://example.com/y.json', false],
  ])('compares %s and %s like fast-uri', (a, b, same) => {
    expect(shim.equal(a, b)).toBe(same);
    expect(fastUri.equal(a, b)).toBe(same);
  });
});

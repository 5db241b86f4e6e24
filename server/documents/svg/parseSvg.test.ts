import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../../paths';
import { parseSvg, UnsupportedSvgError } from './parseSvg';
import { parseTransform } from './svgTransform';

const logo = (network: string) => readFileSync(join(paths.networkAssets, network, 'logo.svg'), 'utf8');
const svg = (body: string, root = 'viewBox="0 0 100 40"') => `<svg xmlns="http://www.w3.org/2000/svg" ${root}>${body}</svg>`;

describe('parseSvg', () => {
  it("reads the demo networks' logos: their box, shapes and text", () => {
    const adnet = parseSvg(logo('adnet'));
    expect(adnet.viewBox).toEqual({ x: 0, y: 0, width: 160, height: 40 });
    expect(adnet.nodes.map((n) => n.name)).toEqual(['rect', 'path', 'text']);
    expect(adnet.nodes[2].text).toBe('AdNet');
    expect(parseSvg(logo('pushhub')).nodes.map((n) => n.name)).toEqual(['circle', 'path', 'text']);
  });

  it('takes the size from width and height without a viewBox, skips titles and decodes entities', () => {
    const image = parseSvg(`<?xml version="1.0"?><!-- logo -->${svg('<title>x</title><text x="1" y="2">A&amp;B &#x263A;</text>', 'width="50" height="20"')}`);
    expect(image.viewBox).toEqual({ x: 0, y: 0, width: 50, height: 20 });
    expect(image.nodes).toHaveLength(1);
    expect(image.nodes[0].text).toBe('A&B ☺');
  });

  it.each([
    ['a gradient', svg('<defs><linearGradient id="g"/></defs><rect width="1" height="1" fill="url(#g)"/>')],
    ['a script', svg('<script>alert(1)</script>')],
    ['an external image', svg('<image href="http://example.com/x.png"/>')],
    ['a <use>', svg('<use href="#a"/>')],
    ['a style sheet', svg('<style>rect{fill:red}</style>')],
    ['an entity declaration', `<!DOCTYPE svg [<!ENTITY x "xx">]>${svg('<text>&x;</text>')}`],
    ['an unclosed element', svg('<g><rect width="1" height="1"/>')],
    ['mismatched tags', svg('<g></text>')],
    ['no size', svg('<rect/>', '')],
    ['two roots', `${svg('')}${svg('')}`],
    ['a huge file', svg(`<path d="M0 0${' L1 1'.repeat(60_000)}"/>`)],
  ])('refuses %s', (_, source) => {
    expect(() => parseSvg(source)).toThrow(UnsupportedSvgError);
  });
});

describe('parseTransform', () => {
  it('composes translate, scale, rotate and matrix left to right', () => {
    expect(parseTransform('translate(10 20) scale(2)')).toEqual([2, 0, 0, 2, 10, 20]);
    expect(parseTransform('matrix(1,0,0,1,5,6)')).toEqual([1, 0, 0, 1, 5, 6]);
    const [a, b, c, d] = parseTransform('rotate(90)');
    expect([a, b, c, d].map((v) => Math.round(v))).toEqual([0, 1, -1, 0]);
    expect(parseTransform(undefined)).toEqual([1, 0, 0, 1, 0, 0]);
  });

  it('refuses skews and garbage', () => {
    expect(() => parseTransform('skewX(10)')).toThrow(UnsupportedSvgError);
    expect(() => parseTransform('translate(a)')).toThrow(UnsupportedSvgError);
    expect(() => parseTransform('rotate(1) }')).toThrow(UnsupportedSvgError);
  });
});

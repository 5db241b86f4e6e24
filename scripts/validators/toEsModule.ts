/**
 * Turns Ajv's standalone output (CommonJS: `exports.x = ...`, `require("ajv/dist/runtime/...")`) into an
 * ES module body that Node and Vite both load the same way.
 *
 * Why not Ajv's own ESM output: it needs identifier-safe export names for every sub-schema hash
 * RJSF uses as a key, and schemas with oneOf/anyOf still break it (rjsf #4436). A default import of a
 * CommonJS runtime file also differs between Node (module.exports) and Vite (exports.default), so every
 * runtime import goes through one interop shim.
 */
export function toEsModule(cjs: string): { imports: string; body: string } {
  const runtime = new Map<string, string>();
  let body = cjs.replace(/^"use strict";\s*/, '').replace(/require\("([^"]+)"\)/g, (_m, spec: string) => {
    const file = spec.endsWith('.js') ? spec : `${spec}.js`;
    let local = runtime.get(file);
    if (!local) {
      local = `__rt${runtime.size}`;
      runtime.set(file, local);
    }
    return local;
  });
  body = body.replace(/\bexports(\.|\[)/g, '__validators$1');
  const lines = [...runtime].map(([file, local]) => `import * as ${local}ns from ${JSON.stringify(file)};\nconst ${local} = __interop(${local}ns);`);
  const shim = [
    'function __interop(ns) {',
    '  const m = ns.default ?? ns;',
    '  return m && m.__esModule ? m : { ...m, default: m };',
    '}',
  ].join('\n');
  return { imports: `${lines.join('\n')}\n${runtime.size ? shim : ''}`, body: `const __validators = {};\n${body}` };
}

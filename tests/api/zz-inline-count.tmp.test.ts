// Temporary (not committed): counts 200 answers declared inline vs by $ref.
import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { api, build } from './helper';
it('counts', async () => {
  const t = await build();
  const doc = (await api(t.app, 'GET', 'docs/api.json')).json();
  const inline: string[] = []; const refd: string[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) for (const m of ['get', 'post', 'put', 'patch', 'delete']) { // eslint-disable-line @typescript-eslint/no-explicit-any
    const op = item[m]; if (!op) continue;
    const r = op.responses?.['200'] ?? op.responses?.['201'];
    const schema = r?.content?.['application/json']?.schema;
    if (!schema) continue;
    const name = `${m.toUpperCase()} ${path.replace('/api/private/v1/', '')} ${JSON.stringify(schema).slice(0, 150)}`;
    (JSON.stringify(schema).includes('"$ref"') ? refd : inline).push(name);
  }
  writeFileSync('/tmp/cnt/out.txt', `ref: ${refd.length} inline: ${inline.length}\n${inline.join('\n')}\n`);
  await t.close();
}, 60000);

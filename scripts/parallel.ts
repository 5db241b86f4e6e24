/**
 * `tsx scripts/parallel.ts lint typecheck`: runs npm scripts side by side and fails when any of them fails. Lint
 * and the type check are each one core's work for most of their time; on two cores together they take the time of
 * the longer one. Each script's output is printed whole when it ends, so the two never interleave.
 */
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (!scripts.length) throw new Error('usage: tsx scripts/parallel.ts <npm script>...');

const runs = scripts.map(
  (script) =>
    new Promise<{ script: string; code: number; output: string; seconds: number }>((resolve) => {
      const started = Date.now();
      const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk));
      child.on('close', (code) => resolve({ script, code: code ?? 1, output, seconds: Math.round((Date.now() - started) / 1000) }));
    }),
);

let failed = false;
for (const run of runs) {
  const { script, code, output, seconds } = await run;
  process.stdout.write(`\n> ${script} (${seconds} s, exit ${code})\n${output}`);
  failed ||= code !== 0;
}
process.exit(failed ? 1 : 0);

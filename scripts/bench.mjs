// `npm run bench`: the benchmarks, against the real servers (deploy/local unless given); each writes
// a JSON report under reports/bench/. Figures are measured, never asserted in tests.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ensureDependencies, root, run, say } from './lib.mjs';

await ensureDependencies();
const { up, down } = await import('../deploy/local/index.mjs');
const infra = await up({ profile: 'test', log: (line) => console.log(line) });
const env = { ...process.env, ...infra.endpoints, NODE_ENV: 'test' };
const only = process.argv[2];
let failed = 0;
for (const file of readdirSync(path.join(root, 'tests', 'bench')).filter((name) => name.endsWith('.ts')).sort()) {
  if (only && !file.includes(only)) continue;
  say(`bench ${file}`);
  if (run(process.execPath, ['--import', 'tsx', path.join('tests', 'bench', file)], { env }) !== 0) failed += 1;
}
if (infra.started.length) await down({ only: infra.started, log: (line) => console.log(line) });
process.exit(failed ? 1 : 0);

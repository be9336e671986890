// `npm test`: installs what a fresh machine lacks, then lint, typecheck, unit tests, the
// integration tests against the real servers (deploy/local when nothing else is given), and the
// browser tests in headless Chromium against the whole stack.
// Ends with the line "N passed, N failed" and a non-zero exit on any failure.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureDependencies, ensureSystemPackages, root, run, say, timed } from './lib.mjs';

const reports = path.join(root, 'reports');
mkdirSync(reports, { recursive: true });
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', FORCE_COLOR: '0' };
const failures = [];
let passed = 0;
let failed = 0;

function count(reportFile) {
  if (!existsSync(reportFile)) return false;
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  return report.numTotalTests > 0;
}

async function step(name, command, args, reportFile) {
  if (reportFile) rmSync(reportFile, { force: true });
  const status = await timed(name, async () => run(command, args, { env }));
  const counted = reportFile ? count(reportFile) : true;
  if (status !== 0 || !counted) failures.push(name);
}

await ensureDependencies();
ensureSystemPackages({ chromium: '/usr/bin/chromium', 'fonts-wqy-zenhei': '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc' });
const { up, down } = await import('../deploy/local/index.mjs');
const infra = process.env.KAFKA_BROKERS && process.env.MONGO_URL && process.env.REDIS_URL && process.env.TEMPORAL_ADDRESS
  ? { started: [] }
  : await up({ profile: 'test', log: (line) => console.log(line) });
await step('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
await step('typecheck', 'npx', ['nx', 'run-many', '-t', 'typecheck', '--outputStyle=stream']);
await step('unit tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${path.join(reports, 'unit.json')}`], path.join(reports, 'unit.json'));
await step(
  'integration tests',
  'npx',
  ['vitest', 'run', '--config', 'tests/integration/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile=${path.join(reports, 'integration.json')}`],
  path.join(reports, 'integration.json'),
);

await step(
  'browser tests',
  'npx',
  ['vitest', 'run', '--config', 'tests/e2e/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile=${path.join(reports, 'e2e.json')}`],
  path.join(reports, 'e2e.json'),
);
if (infra.started.length && !process.env.KEEP_INFRA) await down({ only: infra.started, log: (line) => console.log(line) });

if (failures.length) say(`failed: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length || failed ? 1 : 0);

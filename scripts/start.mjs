// `npm start`: installs what is missing, brings up Kafka, the MongoDB-compatible store, Redis and
// Temporal (deploy/local), starts the workflow worker and the gateway, and prints where to open them.
// `npm start -- --detach` leaves everything running and returns; `npm run stop` stops it.
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { dataDir, ensureDependencies, ensureTokenKeys, root, say, startProcess, stopProcesses, timed, waitForHttp } from './lib.mjs';

const detach = process.argv.includes('--detach');
const started = Date.now();
const GATEWAY_PORT = Number(process.env.GATEWAY_PORT ?? 8080);

await ensureDependencies();
const { up, down } = await import('../deploy/local/index.mjs');
const infra = await up({ profile: 'dev', log: (line) => console.log(line) });
mkdirSync(dataDir, { recursive: true });
writeFileSync(path.join(dataDir, 'start-state.json'), JSON.stringify({ startedInfra: infra.started }));

const keys = ensureTokenKeys();
const env = {
  ...infra.endpoints,
  ...keys,
  NODE_ENV: 'development',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
};

await stopProcesses(); // a previous `npm start` that was not stopped
const worker = startProcess('workflows', 'workflows/src/worker.ts', env);
say(`workflow worker started (pid ${worker.pid}), log in ${path.relative(root, worker.logFile)}`);
const gateway = startProcess('gateway', 'services/gateway/src/main.ts', {
  ...env,
  PORT: String(GATEWAY_PORT),
  WEB_DIST: path.join(root, 'web', 'dist'),
});
await timed(`gateway ready (pid ${gateway.pid})`, () => waitForHttp(`http://127.0.0.1:${GATEWAY_PORT}/ready`, 60_000, gateway.logFile));

const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`
AI Pay is running (ready in ${seconds}s):
  web client   http://127.0.0.1:${GATEWAY_PORT}/
  API docs     http://127.0.0.1:${GATEWAY_PORT}/docs
  Temporal UI  ${infra.endpoints.TEMPORAL_UI_URL ?? 'http://127.0.0.1:8233'}
  logs         .data/logs/
${detach ? 'Stop with `npm run stop`.' : 'Stop with Ctrl-C (or `npm run stop` from another terminal).'}`);

if (!detach) {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    say('stopping ...');
    await stopProcesses();
    await down({ only: infra.started, log: (line) => console.log(line) });
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  setInterval(() => {}, 1 << 30);
}

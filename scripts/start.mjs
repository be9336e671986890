// `npm start`: installs what is missing, brings up Kafka, the MongoDB-compatible store, Redis and
// Temporal (deploy/local), starts the sandbox, the services, the workflow worker and the gateway with
// the built web client, and prints where to open them.
// `npm start -- --detach` leaves everything running and returns; `npm run stop` stops it.
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { dataDir, ensureDependencies, say } from './lib.mjs';
import { startStack, stopStack } from './stack.mjs';

const detach = process.argv.includes('--detach');
const started = Date.now();

await ensureDependencies();
const { up, down } = await import('../deploy/local/index.mjs');
const infra = await up({ profile: 'dev', log: (line) => console.log(line) });
mkdirSync(dataDir, { recursive: true });
writeFileSync(path.join(dataDir, 'start-state.json'), JSON.stringify({ startedInfra: infra.started }));

const { gatewayUrl, sandboxUrl } = await startStack('dev', infra.endpoints);

const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`
AI Pay is running (ready in ${seconds}s):
  web client   ${gatewayUrl}/
  API docs     ${gatewayUrl}/docs
  dev inbox    ${sandboxUrl}/dev/inbox/page (codes the sandbox "sent")
  Temporal UI  ${infra.endpoints.TEMPORAL_UI_URL ?? 'http://127.0.0.1:8233'}
  logs         .data/logs/
${detach ? 'Stop with `npm run stop`.' : 'Stop with Ctrl-C (or `npm run stop` from another terminal).'}`);

if (!detach) {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    say('stopping ...');
    await stopStack('dev');
    await down({ only: infra.started, log: (line) => console.log(line) });
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  setInterval(() => {}, 1 << 30);
}

// `npm run stop`: stops what `npm start` started (our processes, then the servers it started), only that.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { dataDir, say, stopProcesses } from './lib.mjs';

const stopped = await stopProcesses('dev');
say(stopped.length ? `stopped ${stopped.join(', ')}` : 'no application process was running');
const stateFile = path.join(dataDir, 'start-state.json');
const state = existsSync(stateFile) ? JSON.parse(readFileSync(stateFile, 'utf8')) : { startedInfra: [] };
const { down } = await import('../deploy/local/index.mjs');
if (state.startedInfra.length) await down({ only: state.startedInfra, log: (line) => console.log(line) });
else say('no server was started by npm start; nothing else to stop');
rmSync(stateFile, { force: true });

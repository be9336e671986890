// Shared helpers for deploy/local: paths, timed progress lines, commands, readiness probes, /proc.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../..');
export const dataRoot = path.join(repoRoot, '.data');

export function cacheDir() {
  return process.env.INFRA_CACHE_DIR || path.join(repoRoot, '.cache', 'infra');
}

export const paths = {
  data: (profile, name) => path.join(dataRoot, profile, name),
  log: (name) => path.join(dataRoot, 'logs', `${name}.log`),
  pidFile: (name) => path.join(dataRoot, 'pids', `${name}.json`),
  pidDir: () => path.join(dataRoot, 'pids'),
};

export function ensureDir(dir) {
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Relative to the repo when inside it: keeps progress lines short. */
export function rel(p) {
  const r = path.relative(repoRoot, p);
  return r.startsWith('..') ? p : r;
}

export function formatDuration(ms) {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A logger bound to one server: `say('reusing ...')` and `step(fn)` that reports the duration. */
export function progress(log, name) {
  const say = (msg) => log(`[infra] ${name}: ${msg}`);
  const step = async (fn) => {
    const t0 = Date.now();
    const msg = await fn();
    if (msg) say(`${msg} (${formatDuration(Date.now() - t0)})`);
    return msg;
  };
  return { say, step };
}

function sha256(...parts) {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest('hex');
}

export function hashFiles(files) {
  return sha256(...files.map((f) => `${path.basename(f)}\0${readFileSync(f)}\0`));
}

export function readText(file) {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

export async function tail(file, lines = 20) {
  try {
    const text = await readFile(file, 'utf8');
    return text.trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log written)';
  }
}

/** Runs a command to completion; rejects with the command and the end of its output. */
export function run(cmd, args, { cwd, env } = {}) {
  return new Promise((resolve, reject) => {
    let child;
    try {
      child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (err) {
      reject(err);
      return;
    }
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (err) => {
      reject(err.code === 'ENOENT' ? new Error(`${cmd} is not installed (not found on PATH)`) : err);
    });
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else {
        const last = out.trimEnd().split('\n').slice(-20).join('\n');
        reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}\n${last}`));
      }
    });
  });
}

export async function which(cmd) {
  try {
    return (await run('sh', ['-c', `command -v ${cmd}`])).trim() || null;
  } catch {
    return null;
  }
}

/** True when something accepts TCP connections on host:port. */
export function portOpen(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Sends one request on a fresh TCP connection and resolves with the reply once `complete(buffer)`
 * says it is whole. Used by the protocol probes (Redis PING, Kafka, OP_MSG).
 */
export function exchange({ host, port, request, complete, timeoutMs = 2000, connect = net.connect }) {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, servername: host });
    let buf = Buffer.alloc(0);
    const finish = (err, value) => {
      socket.destroy();
      if (err) reject(err);
      else resolve(value);
    };
    socket.setTimeout(timeoutMs, () => finish(new Error(`no answer from ${host}:${port}`)));
    socket.once('error', (err) => finish(err));
    socket.once(connect === net.connect ? 'connect' : 'secureConnect', () => socket.write(request));
    socket.on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      if (complete(buf)) finish(null, buf);
    });
    socket.once('end', () => finish(new Error(`${host}:${port} closed the connection`)));
  });
}

/**
 * Polls `probe()` (resolves truthy when ready) until it succeeds. Fails early when the process we
 * started has exited, and on timeout; both errors name the server and show the end of its log.
 */
export async function waitUntilReady({ name, probe, timeoutMs, logFile, pid, what }) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  for (;;) {
    try {
      if (await probe()) return;
    } catch (err) {
      lastError = err;
    }
    const exited = pid && !isAlive(pid);
    if (exited || Date.now() > deadline) {
      const reason = exited
        ? `${name} (pid ${pid}) exited before it was ready on ${what}`
        : `${name} was not ready on ${what} after ${formatDuration(timeoutMs)}`;
      const detail = lastError ? `\nlast probe error: ${lastError.message}` : '';
      const log = logFile ? `\nlog: ${logFile}, last 20 lines:\n${await tail(logFile, 20)}` : '';
      throw new Error(`[infra] ${reason}${detail}${log}`);
    }
    await sleep(100);
  }
}

export function isAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return err.code === 'EPERM';
  }
  // A zombie (exited, not yet reaped) still answers signal 0.
  return procStat(pid)?.state !== 'Z';
}

/** State and start time (clock ticks after boot) from /proc/<pid>/stat; the start time tells a reused pid apart. */
export function procStat(pid) {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0], startTicks: fields[19] };
}

export function procCmdline(pid) {
  const raw = readText(`/proc/${pid}/cmdline`);
  return raw ? raw.split('\0').filter(Boolean) : null;
}

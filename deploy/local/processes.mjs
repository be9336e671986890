// The processes deploy/local starts: detached spawn, pid records in .data/pids, safe stop, the `up` lock.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureDir, isAlive, paths, procCmdline, procStat, readText, sleep } from './lib.mjs';

/**
 * Starts a long-running server that outlives this process: own session, output appended to its
 * log file, not awaited. Records what it started in .data/pids/<name>.json for `down`.
 */
export function spawnDetached(name, cmd, args, { env, cwd, extra } = {}) {
  const logFile = paths.log(name);
  ensureDir(path.dirname(logFile));
  ensureDir(paths.pidDir());
  const fd = openSync(logFile, 'a');
  writeFileSync(fd, `\n--- ${new Date().toISOString()} starting ${cmd} ${args.join(' ')}\n`);
  let child;
  try {
    child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', fd, fd] });
  } finally {
    closeSync(fd);
  }
  if (!child.pid) throw new Error(`[infra] ${name}: could not start ${cmd}`);
  child.on('error', () => {}); // surfaced by waitUntilReady through the pid check and the log
  child.unref();
  const record = {
    pid: child.pid,
    name,
    startedAt: new Date().toISOString(),
    cmd: [cmd, ...args],
    startTicks: procStat(child.pid)?.startTicks ?? null,
    ...extra,
  };
  writeFileSync(paths.pidFile(name), JSON.stringify(record, null, 2) + '\n');
  return { pid: child.pid, logFile };
}

export function readPidRecords() {
  const dir = paths.pidDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => {
      const file = path.join(dir, f);
      try {
        return { file, ...JSON.parse(readFileSync(file, 'utf8')) };
      } catch {
        return { file, invalid: true };
      }
    });
}

/**
 * True only while the recorded pid is still the process we started: same start time and the same
 * program in /proc/<pid>/cmdline (compared by basename: redis-server rewrites its own argv).
 */
export function isOurProcess(record) {
  if (!record.pid || !isAlive(record.pid)) return false;
  const stat = procStat(record.pid);
  if (record.startTicks && stat?.startTicks !== record.startTicks) return false;
  const argv = procCmdline(record.pid);
  if (!argv?.length || !record.cmd?.length) return false;
  const program = (s) => path.basename(s.split(' ')[0]);
  return program(argv[0]) === program(record.cmd[0]);
}

export function removeFile(file) {
  rmSync(file, { force: true });
}

/** SIGTERM, up to `graceMs` for the process to exit, then SIGKILL. Resolves with how it ended. */
export async function stopProcess(pid, graceMs = 15_000) {
  try {
    process.kill(pid, 'SIGTERM');
  } catch (err) {
    if (err.code === 'ESRCH') return 'already gone';
    throw err;
  }
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return 'SIGTERM';
    await sleep(100);
  }
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // exited between the last check and the kill
  }
  while (isAlive(pid)) await sleep(100);
  return `SIGKILL after ${graceMs / 1000}s`;
}

function tryLock(lockDir, owner) {
  try {
    mkdirSync(lockDir);
  } catch (err) {
    if (err.code === 'EEXIST') return false;
    throw err;
  }
  writeFileSync(owner, String(process.pid));
  return true;
}

/**
 * Serialises concurrent `up` calls (parallel test runners, two terminals) with a lock directory
 * holding the owner's pid; a lock left by a dead process is taken over.
 */
export async function withLock(lockDir, fn, { timeoutMs = 15 * 60_000, onWait } = {}) {
  ensureDir(path.dirname(lockDir));
  const owner = path.join(lockDir, 'pid');
  const deadline = Date.now() + timeoutMs;
  let announced = false;
  while (!tryLock(lockDir, owner)) {
    const pid = Number(readText(owner));
    if (pid && !isAlive(pid)) {
      rmSync(lockDir, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`[infra] timed out waiting for the lock ${lockDir} (held by pid ${pid})`);
    if (!announced && onWait) onWait(pid);
    announced = true;
    await sleep(300);
  }
  try {
    return await fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

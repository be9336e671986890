// The MongoDB-compatible store: FerretDB 1.24.2 on SQLite, built from the Go module proxy
// (deploy/local/ferretdb is a tiny runner embedding it) and listening on 127.0.0.1:27017.
import { cpSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureDir, exchange, hashFiles, here, readText, rel, run, which } from '../lib.mjs';

const sourceDir = path.join(here, 'ferretdb');
const sources = ['main.go', 'proxy.go', 'go.mod', 'go.sum', 'pushdown.patch.json'].map((f) => path.join(sourceDir, f));
const binary = (cache) => path.join(cache, 'ferretdb', 'ferretdb-runner');

/**
 * FerretDB's source from the Go module proxy, with our small patch applied (deploy/local/ferretdb/
 * pushdown.patch.json says what and why), and a go.mod that builds the runner against it.
 */
async function patchedModfile(cache) {
  const module = JSON.parse(await run('go', ['mod', 'download', '-json', 'github.com/FerretDB/FerretDB@v1.24.2'], { cwd: sourceDir }));
  const src = path.join(cache, 'ferretdb', 'src');
  // The module cache is read-only: make the copy writable (and removable next time).
  if (existsSync(src)) await run('chmod', ['-R', 'u+w', src]);
  rmSync(src, { recursive: true, force: true });
  cpSync(module.Dir, src, { recursive: true });
  await run('chmod', ['-R', 'u+w', src]);
  const patch = JSON.parse(readFileSync(path.join(sourceDir, 'pushdown.patch.json'), 'utf8'));
  const file = path.join(src, patch.file);
  let text = readFileSync(file, 'utf8');
  for (const { from, to } of patch.replace) {
    const count = text.split(from).length - 1;
    if (count !== 1) throw new Error(`[infra] ferretdb: patch for ${patch.file} matched ${count} times (expected 1)`);
    text = text.replace(from, to);
  }
  writeFileSync(file, text);
  const build = ensureDir(path.join(cache, 'ferretdb', 'build'));
  const gomod = readFileSync(path.join(sourceDir, 'go.mod'), 'utf8');
  writeFileSync(path.join(build, 'go.mod'), `${gomod}\nreplace github.com/FerretDB/FerretDB => ${src}\n`);
  if (existsSync(path.join(sourceDir, 'go.sum'))) cpSync(path.join(sourceDir, 'go.sum'), path.join(build, 'go.sum'));
  return path.join(build, 'go.mod');
}

/** BSON for a flat document of int32 and string values (all a `ping` needs). */
function bson(doc) {
  const parts = Object.entries(doc).map(([key, value]) => {
    const name = Buffer.from(`${key}\0`);
    if (typeof value === 'number') {
      const v = Buffer.alloc(4);
      v.writeInt32LE(value);
      return Buffer.concat([Buffer.from([0x10]), name, v]);
    }
    const str = Buffer.from(`${value}\0`);
    const len = Buffer.alloc(4);
    len.writeInt32LE(str.length);
    return Buffer.concat([Buffer.from([0x02]), name, len, str]);
  });
  const body = Buffer.concat([...parts, Buffer.from([0])]);
  const size = Buffer.alloc(4);
  size.writeInt32LE(body.length + 4);
  return Buffer.concat([size, body]);
}

/** Value of the top-level numeric/bool field `key` in a BSON document, skipping other fields by type. */
function bsonNumber(buf, at, key) {
  const end = at + buf.readInt32LE(at);
  const fixed = { 0x01: 8, 0x07: 12, 0x08: 1, 0x09: 8, 0x0a: 0, 0x10: 4, 0x11: 8, 0x12: 8, 0x13: 16 };
  let i = at + 4;
  while (i < end - 1) {
    const type = buf[i];
    const nameEnd = buf.indexOf(0, i + 1);
    const name = buf.toString('utf8', i + 1, nameEnd);
    i = nameEnd + 1;
    if (name === key) {
      if (type === 0x01) return buf.readDoubleLE(i);
      if (type === 0x10) return buf.readInt32LE(i);
      if (type === 0x12) return Number(buf.readBigInt64LE(i));
      if (type === 0x08) return buf[i];
    }
    if (type in fixed) i += fixed[type];
    else if (type === 0x02) i += 4 + buf.readInt32LE(i);
    else if (type === 0x03 || type === 0x04) i += buf.readInt32LE(i);
    else if (type === 0x05) i += 5 + buf.readInt32LE(i);
    else return undefined;
  }
  return undefined;
}

/** OP_MSG `{ping: 1}`: ready when the server answers ok: 1 over the wire protocol. */
async function ping({ host, port }) {
  const doc = bson({ ping: 1, $db: 'admin' });
  const header = Buffer.alloc(21);
  header.writeInt32LE(21 + doc.length, 0);
  header.writeInt32LE(1, 4); // requestID
  header.writeInt32LE(2013, 12); // OP_MSG; flagBits and the section kind (0: body) stay zero
  const reply = await exchange({
    host,
    port,
    request: Buffer.concat([header, doc]),
    complete: (buf) => buf.length >= 4 && buf.length >= buf.readInt32LE(0),
  });
  if (reply.readInt32LE(12) !== 2013 || reply[20] !== 0) throw new Error('unexpected reply to OP_MSG ping');
  return bsonNumber(reply, 21, 'ok') === 1;
}

export default {
  name: 'ferretdb',
  envVar: 'MONGO_URL',
  port: 27017,
  readyTimeoutMs: 30_000,

  endpoints: (url) => ({ MONGO_URL: url ?? 'mongodb://127.0.0.1:27017' }),

  /** First host of a mongodb:// URL; TLS and SRV URLs get no probe (null). */
  target(url) {
    const u = new URL(url);
    if (u.protocol === 'mongodb+srv:' || /^(true|1)$/.test(u.searchParams.get('tls') ?? u.searchParams.get('ssl') ?? '')) return null;
    const first = url.replace(/^mongodb:\/\/([^@/]*@)?/, '').split(/[/?,]/)[0];
    const [host, port] = first.startsWith('[') ? [first.slice(1, first.indexOf(']')), first.split(']:')[1]] : first.split(':');
    return { host, port: Number(port || 27017) };
  },

  probe: ping,

  async provision({ cache, step }) {
    const out = binary(cache);
    const hash = hashFiles(sources);
    if (readText(`${out}.sha256`) === hash) return;
    if (!(await which('go'))) throw new Error('[infra] ferretdb: Go is not installed (needed once to build FerretDB); or set MONGO_URL');
    await step(async () => {
      ensureDir(path.dirname(out));
      const tmp = `${out}.tmp-${process.pid}`;
      const modfile = await patchedModfile(cache);
      await run('go', ['build', '-trimpath', '-buildvcs=false', '-ldflags=-s -w', `-modfile=${modfile}`, '-o', tmp, '.'], {
        cwd: sourceDir,
        env: { CGO_ENABLED: '0', DO_NOT_TRACK: '1' },
      });
      renameSync(tmp, out);
      writeFileSync(`${out}.sha256`, hash + '\n');
      return `built FerretDB 1.24.2 (patched: _id pushdown) from the Go module proxy into ${rel(out)}`;
    });
  },

  async command({ cache, dataDir }) {
    ensureDir(dataDir);
    return {
      cmd: binary(cache),
      args: ['-addr', '127.0.0.1:27017', '-dir', dataDir, '-log-level', 'warn'],
      env: { DO_NOT_TRACK: '1' },
    };
  },
};

// The two Kafka protocol requests deploy/local needs (Metadata, CreateTopics), spoken over a raw socket:
// a readiness check and topic creation in milliseconds, without starting a JVM.
// Versions: Metadata v4 and CreateTopics v4 are served by Kafka 2.4 up to 4.x (KIP-896 keeps them).
import { exchange } from '../lib.mjs';

const API = { metadata: 3, createTopics: 19 };
const TOPIC_ALREADY_EXISTS = 36;
let correlationId = 0;

function encodeString(s) {
  const bytes = Buffer.from(s, 'utf8');
  const len = Buffer.alloc(2);
  len.writeInt16BE(bytes.length);
  return Buffer.concat([len, bytes]);
}

const int8 = (v) => Buffer.from([v & 0xff]);
const int16 = (v) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(v);
  return b;
};
const int32 = (v) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(v);
  return b;
};

class Reader {
  constructor(buf) {
    this.buf = buf;
    this.at = 0;
  }
  int8() {
    return this.buf.readInt8((this.at += 1) - 1);
  }
  int16() {
    return this.buf.readInt16BE((this.at += 2) - 2);
  }
  int32() {
    return this.buf.readInt32BE((this.at += 4) - 4);
  }
  string() {
    const len = this.int16();
    if (len < 0) return null;
    const s = this.buf.toString('utf8', this.at, this.at + len);
    this.at += len;
    return s;
  }
  array(readItem) {
    const n = this.int32();
    return Array.from({ length: Math.max(n, 0) }, () => readItem(this));
  }
}

/** Request header v1 + body, framed with its size; resolves with a Reader positioned after the response header. */
async function call({ host, port }, apiKey, apiVersion, body, timeoutMs = 5000) {
  const id = (correlationId = (correlationId + 1) % 0x7fffffff);
  const payload = Buffer.concat([int16(apiKey), int16(apiVersion), int32(id), encodeString('deploy-local'), ...body]);
  const reply = await exchange({
    host,
    port,
    timeoutMs,
    request: Buffer.concat([int32(payload.length), payload]),
    complete: (buf) => buf.length >= 4 && buf.length >= 4 + buf.readInt32BE(0),
  });
  const r = new Reader(reply);
  r.int32(); // size
  if (r.int32() !== id) throw new Error('Kafka reply with an unexpected correlation id');
  return r;
}

/** Brokers and topics (name, partitions, whether every partition has a leader). */
export async function metadata(broker, topics = null) {
  const topicList = topics ? [int32(topics.length), ...topics.map(encodeString)] : [int32(-1)];
  const r = await call(broker, API.metadata, 4, [...topicList, int8(0)]);
  r.int32(); // throttle_time_ms
  const brokers = r.array((b) => ({ nodeId: b.int32(), host: b.string(), port: b.int32(), rack: b.string() }));
  const clusterId = r.string();
  const controllerId = r.int32();
  const topicInfo = r.array((t) => {
    const errorCode = t.int16();
    const name = t.string();
    t.int8(); // is_internal
    const partitions = t.array((p) => {
      const partition = { errorCode: p.int16(), index: p.int32(), leader: p.int32() };
      p.array((x) => x.int32()); // replicas
      p.array((x) => x.int32()); // isr
      return partition;
    });
    return { name, errorCode, partitions: partitions.length, led: partitions.every((p) => p.leader >= 0) };
  });
  return { brokers, clusterId, controllerId, topics: topicInfo };
}

/** Ready when the broker answers Metadata and lists at least one registered broker. */
export async function brokerReady(broker) {
  const { brokers } = await metadata(broker, []);
  return brokers.length > 0;
}

/**
 * Creates the topics that do not exist yet (replication factor: the cluster's default) and waits
 * until each partition has a leader. Returns the names it created.
 */
export async function ensureTopics(broker, specs, { timeoutMs = 30_000 } = {}) {
  const body = [
    int32(specs.length),
    ...specs.flatMap(({ name, partitions }) => [encodeString(name), int32(partitions), int16(-1), int32(0), int32(0)]),
    int32(timeoutMs),
    int8(0), // validate_only
  ];
  const r = await call(broker, API.createTopics, 4, body, timeoutMs + 5000);
  r.int32(); // throttle_time_ms
  const results = r.array((t) => ({ name: t.string(), errorCode: t.int16(), message: t.string() }));
  const failed = results.filter((t) => t.errorCode !== 0 && t.errorCode !== TOPIC_ALREADY_EXISTS);
  if (failed.length) {
    throw new Error(`could not create topics: ${failed.map((t) => `${t.name} (error ${t.errorCode}: ${t.message})`).join(', ')}`);
  }

  const names = specs.map((s) => s.name);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { topics } = await metadata(broker, names);
    if (topics.every((t) => t.errorCode === 0 && t.partitions > 0 && t.led)) break;
    if (Date.now() > deadline) throw new Error(`topics have no leader after ${timeoutMs / 1000}s: ${names.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return results.filter((t) => t.errorCode === 0).map((t) => t.name);
}

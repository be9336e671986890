// Apache Kafka 3.9.1 from Maven Central jars: a single KRaft node (broker + controller) on 127.0.0.1:9092.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ensureDir, hashFiles, here, readText, rel, run, which } from '../lib.mjs';
import { brokerReady, ensureTopics } from './kafka-wire.mjs';

const pom = path.join(here, 'kafka', 'pom.xml');
const log4j = path.join(here, 'kafka', 'log4j.properties');
const libs = (cache) => path.join(cache, 'kafka', 'libs');
const classpath = (cache) => `${libs(cache)}/*`;

function serverProperties(logDir) {
  return `# Written by deploy/local on every start; edit deploy/local/servers/kafka.mjs instead.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:9093
listeners=PLAINTEXT://127.0.0.1:9092,CONTROLLER://127.0.0.1:9093
advertised.listeners=PLAINTEXT://127.0.0.1:9092
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=${logDir}
num.partitions=3
auto.create.topics.enable=true
default.replication.factor=1
offsets.topic.replication.factor=1
# the default of 50 partitions makes the first consumer-group join slow on a small machine
offsets.topic.num.partitions=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
`;
}

/** Kafka's Uuid text form: 16 random bytes, base64url without padding, never starting with '-'. */
function clusterId() {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

/** Topics of topics.json with 3 partitions, each with a 1-partition dead-letter topic `<name>.dlq`. */
export function topicSpecs() {
  const names = JSON.parse(readFileSync(path.join(here, 'topics.json'), 'utf8'));
  return names.flatMap((name) => [
    { name, partitions: 3 },
    { name: `${name}.dlq`, partitions: 1 },
  ]);
}

export default {
  name: 'kafka',
  envVar: 'KAFKA_BROKERS',
  port: 9092,
  readyTimeoutMs: 120_000,

  endpoints: (value) => ({ KAFKA_BROKERS: value ?? '127.0.0.1:9092' }),

  target(value) {
    const [host, port] = value.split(',')[0].trim().replace(/^\w+:\/\//, '').split(':');
    return { host, port: Number(port || 9092) };
  },

  probe: brokerReady,

  async afterReady({ target, step }) {
    const specs = topicSpecs();
    await step(async () => {
      const created = await ensureTopics(target, specs);
      return `topics ready: ${specs.length} (${created.length} created)`;
    });
  },

  async provision({ cache, step }) {
    const marker = path.join(libs(cache), '.pom.sha256');
    const hash = hashFiles([pom]);
    if (readText(marker) === hash) return;
    for (const tool of ['java', 'mvn']) {
      if (!(await which(tool))) throw new Error(`[infra] kafka: ${tool} is not installed (needs Java 17+ and Maven); or set KAFKA_BROKERS`);
    }
    await step(async () => {
      const tmp = `${libs(cache)}.tmp-${process.pid}`;
      rmSync(tmp, { recursive: true, force: true });
      await run('mvn', ['-B', '-q', '-f', pom, 'dependency:copy-dependencies', '-DincludeScope=runtime', `-DoutputDirectory=${tmp}`]);
      writeFileSync(path.join(tmp, '.pom.sha256'), hash + '\n');
      rmSync(libs(cache), { recursive: true, force: true });
      renameSync(tmp, libs(cache));
      const jars = readdirSync(libs(cache)).filter((f) => f.endsWith('.jar')).length;
      return `provisioned ${jars} jars from Maven Central into ${rel(libs(cache))}`;
    });
  },

  async command({ cache, dataDir, step }) {
    const logDir = path.join(dataDir, 'kraft');
    const props = path.join(dataDir, 'server.properties');
    ensureDir(logDir);
    writeFileSync(props, serverProperties(logDir));
    const log4jOpt = `-Dlog4j.configuration=file:${log4j}`;

    if (!existsSync(path.join(logDir, 'meta.properties'))) {
      await step(async () => {
        const id = clusterId();
        await run('java', ['-Xmx256m', log4jOpt, '-cp', classpath(cache), 'kafka.tools.StorageTool', 'format', '-t', id, '-c', props, '-g']);
        return `formatted KRaft storage in ${rel(logDir)} (cluster ${id})`;
      });
    }

    return {
      cmd: 'java',
      args: [
        '-Xms256m',
        '-Xmx512m',
        '-XX:+UseG1GC',
        '-XX:MaxGCPauseMillis=20',
        '-Djava.awt.headless=true',
        `-Dkafka.logs.dir=${dataDir}`,
        log4jOpt,
        '-cp',
        classpath(cache),
        'kafka.Kafka',
        props,
      ],
    };
  },
};

// Resolves the real servers once for the whole integration run and stops only what it started.
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { containerRuntimeAnswers, startContainers } from './containers.js';
import type { Endpoints } from './endpoints.js';

const KEYS = ['KAFKA_BROKERS', 'MONGO_URL', 'REDIS_URL', 'TEMPORAL_ADDRESS'] as const;

export default async function setup(project: TestProject) {
  let endpoints: Endpoints;
  let teardown: () => Promise<void> = async () => {};
  const log = (line: string) => console.log(line);

  if (KEYS.every((key) => process.env[key])) {
    endpoints = {
      KAFKA_BROKERS: process.env.KAFKA_BROKERS!,
      MONGO_URL: process.env.MONGO_URL!,
      REDIS_URL: process.env.REDIS_URL!,
      TEMPORAL_ADDRESS: process.env.TEMPORAL_ADDRESS!,
      TEMPORAL_UI_URL: process.env.TEMPORAL_UI_URL ?? 'http://127.0.0.1:8233',
    };
    log('[integration] servers from the environment');
  } else if (await containerRuntimeAnswers()) {
    log('[integration] starting containers');
    const containers = await startContainers();
    endpoints = containers.endpoints;
    teardown = containers.stop;
  } else {
    log('[integration] no container runtime: using deploy/local');
    // @ts-expect-error plain ESM module without types
    const local = await import('../../deploy/local/index.mjs');
    const result = await local.up({ profile: 'test', log });
    endpoints = result.endpoints as Endpoints;
    const started: string[] = result.started;
    if (started.length > 0 && !process.env.KEEP_INFRA) {
      teardown = async () => {
        await local.down({ log, only: started });
      };
    }
  }
  project.provide('endpoints', endpoints);
  project.provide('runId', `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`);
  return teardown;
}

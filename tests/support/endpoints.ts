// Where the real servers are for integration tests: environment variables first, then containers
// when a container runtime answers, else deploy/local (servers provisioned from the registries).
import { inject } from 'vitest';

export interface Endpoints {
  KAFKA_BROKERS: string;
  MONGO_URL: string;
  REDIS_URL: string;
  TEMPORAL_ADDRESS: string;
  TEMPORAL_UI_URL: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    endpoints: Endpoints;
    runId: string;
  }
}

export function endpoints(): Endpoints {
  return inject('endpoints');
}

/** A suffix unique to this test run, for databases, topics, groups and task queues. */
export function runId(): string {
  return inject('runId');
}

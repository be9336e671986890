// Brings up the whole product for the browser tests: the servers (reused when running), then the
// sandbox, the services, the worker and the gateway with the built web client on the e2e ports.
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: { gatewayUrl: string; sandboxUrl: string };
  }
}

export default async function setup(project: TestProject) {
  const log = (line: string) => console.log(line);
  // @ts-expect-error plain ESM module without types
  const local = await import('../../deploy/local/index.mjs');
  // @ts-expect-error plain ESM module without types
  const stack = await import('../../scripts/stack.mjs');
  const infra = await local.up({ profile: 'test', log });
  const urls = await stack.startStack('e2e', infra.endpoints);
  project.provide('stack', urls);
  return async () => {
    await stack.stopStack('e2e');
    if (infra.started.length && !process.env.KEEP_INFRA) await local.down({ only: infra.started, log });
  };
}

// /live answers while the process runs; /ready checks every dependency the service needs.
import type { FastifyInstance } from 'fastify';

export interface ReadinessCheck {
  name: string;
  check: () => Promise<unknown>;
}

const CHECK_TIMEOUT_MS = 2000;

async function runCheck({ name, check }: ReadinessCheck): Promise<{ name: string; ok: boolean; error?: string }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { name, ok: true };
  } catch (error) {
    return { name, ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealth(app: FastifyInstance, checks: ReadinessCheck[]): void {
  app.get('/live', { schema: { hide: true }, logLevel: 'warn' }, async () => ({ code: 200, msg: 'live', data: null }));
  app.get('/ready', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    const results = await Promise.all(checks.map(runCheck));
    const ready = results.every((result) => result.ok);
    if (!ready) request.log.warn({ results }, 'not ready');
    return reply
      .status(ready ? 200 : 503)
      .send({ code: ready ? 200 : 503, msg: ready ? 'ready' : 'not ready', data: { checks: results } });
  });
}

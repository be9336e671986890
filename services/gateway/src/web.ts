// The built web client: static files, /version.json for the client's version check, SPA fallback.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

const PLACEHOLDER = `<!doctype html><html lang="zh"><meta charset="utf-8"><title>AI Pay</title>
<body><p>The web client has not been built yet. The API is under <a href="/docs">/docs</a>.</p></body></html>`;

export interface WebOptions {
  dist: string | undefined;
  version: string;
}

export async function registerWeb(app: FastifyInstance, options: WebOptions) {
  const dist = options.dist ? resolve(options.dist) : undefined;
  const hasBuild = dist !== undefined && existsSync(join(dist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, { root: dist, wildcard: true, index: ['index.html'], maxAge: '1h' });
  }

  app.get('/version.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const file = dist && join(dist, 'version.json');
    if (file && existsSync(file)) return reply.type('application/json').send(readFileSync(file, 'utf8'));
    return { version: options.version };
  });

  /** SPA fallback: a browser navigation to a client route gets index.html. */
  return async function spaFallback(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html');
    if (!wantsPage) return false;
    reply.header('cache-control', 'no-cache');
    if (hasBuild) await reply.sendFile('index.html');
    else await reply.type('text/html').send(PLACEHOLDER);
    return true;
  };
}

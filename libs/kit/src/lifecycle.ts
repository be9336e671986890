// Graceful start and stop for a service process: listen, then on SIGTERM/SIGINT stop taking
// requests, let in-flight work finish, and close connections in reverse order of opening.
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';

type Closer = { name: string; close: () => Promise<unknown> | unknown };

export class Lifecycle {
  private readonly closers: Closer[] = [];
  private closing: Promise<void> | undefined;

  constructor(private readonly logger: Logger) {}

  /** Registers something to close at shutdown; closed in reverse order. */
  onClose(name: string, close: Closer['close']): void {
    this.closers.push({ name, close });
  }

  async close(): Promise<void> {
    this.closing ??= (async () => {
      for (const { name, close } of [...this.closers].reverse()) {
        try {
          await close();
        } catch (error) {
          this.logger.error({ err: error, resource: name }, 'close failed');
        }
      }
    })();
    return this.closing;
  }

  /** Exits cleanly on SIGTERM/SIGINT; a second signal or a 20 s stall forces the exit. */
  handleSignals(): void {
    const stop = (signal: string) => {
      this.logger.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 20_000);
      force.unref();
      void this.close().then(() => process.exit(0));
      process.once(signal, () => process.exit(1));
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  }
}

export async function listen(app: FastifyInstance, lifecycle: Lifecycle, host: string, port: number): Promise<string> {
  const address = await app.listen({ host, port });
  lifecycle.onClose('http', () => app.close());
  return address;
}

// Short-lived one-time values in Redis: captcha puzzles and passes, the mobile-change flow token,
// and the password-login failure counter.
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export class OneTimeStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** Stores a value under a fresh random id for `ttlSeconds`. */
  async put(kind: string, value: string, ttlSeconds: number): Promise<string> {
    const id = randomBytes(18).toString('base64url');
    await this.redis.set(`${this.prefix}${kind}:${id}`, value, 'EX', ttlSeconds);
    return id;
  }

  /** Reads and deletes in one step: a second take of the same id finds nothing. */
  async take(kind: string, id: string): Promise<string | null> {
    if (!/^[\w-]{1,64}$/.test(id)) return null;
    return this.redis.getdel(`${this.prefix}${kind}:${id}`);
  }

  async peek(kind: string, id: string): Promise<string | null> {
    if (!/^[\w-]{1,64}$/.test(id)) return null;
    return this.redis.get(`${this.prefix}${kind}:${id}`);
  }
}

export class LoginFailures {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly max: number,
    private readonly windowSeconds: number,
  ) {}

  private key(userId: string): string {
    return `${this.prefix}login-fail:${userId}`;
  }

  async locked(userId: string): Promise<boolean> {
    return Number((await this.redis.get(this.key(userId))) ?? 0) >= this.max;
  }

  /** Counts a wrong password; the window starts at the first failure. Returns true when now locked. */
  async fail(userId: string): Promise<boolean> {
    const key = this.key(userId);
    const [[, count]] = (await this.redis.multi().incr(key).expire(key, this.windowSeconds, 'NX').exec()) as [[null, number]];
    return count >= this.max;
  }

  async clear(userId: string): Promise<void> {
    await this.redis.del(this.key(userId));
  }
}

// Verification codes in Redis: hashed, 5 minutes, 60 s resend throttle per (purpose, target) — the
// client's countdown is per send button — daily caps per target (all purposes) and per IP, at most N tries per code, single use. Key names carry the service prefix.
import type { Redis } from 'ioredis';
import { dayStamp, hashCode, newCode, type CodePurpose } from '../domain/codes.js';

export interface CodeLimits {
  ttlSeconds: number;
  resendSeconds: number;
  maxTries: number;
  dailyPerTarget: number;
  dailyPerIp: number;
}

export type IssueRefusal = 'tooFrequent' | 'dailyTarget' | 'dailyIp';
export type CheckResult = 'ok' | 'wrong' | 'exceeded' | 'missing';

// KEYS[1] code hash key. ARGV: hash, maxTries. Compares, counts a wrong try, burns at the limit.
const CHECK_SCRIPT = `
local stored = redis.call('HGET', KEYS[1], 'h')
if not stored then return 'missing' end
if stored == ARGV[1] then redis.call('DEL', KEYS[1]) return 'ok' end
local tries = redis.call('HINCRBY', KEYS[1], 'tries', 1)
if tries >= tonumber(ARGV[2]) then redis.call('DEL', KEYS[1]) return 'exceeded' end
return 'wrong'
`;

export class CodeStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly secret: string,
    private readonly limits: CodeLimits,
  ) {}

  private codeKey(purpose: CodePurpose, target: string): string {
    return `${this.prefix}code:${purpose}:${target}`;
  }

  private throttleKey(purpose: CodePurpose, target: string): string {
    return `${this.prefix}code-throttle:${purpose}:${target}`;
  }

  /** Creates a code for the target, or says why not (throttle, caps). */
  async issue(purpose: CodePurpose, target: string, ip: string): Promise<{ code: string } | { refused: IssueRefusal }> {
    const throttleKey = this.throttleKey(purpose, target);
    const set = await this.redis.set(throttleKey, '1', 'EX', this.limits.resendSeconds, 'NX');
    if (set !== 'OK') return { refused: 'tooFrequent' };
    const day = dayStamp();
    const targetCount = await this.bump(`${this.prefix}code-day:${day}:target:${target}`);
    const ipCount = await this.bump(`${this.prefix}code-day:${day}:ip:${ip}`);
    if (targetCount > this.limits.dailyPerTarget || ipCount > this.limits.dailyPerIp) {
      return { refused: targetCount > this.limits.dailyPerTarget ? 'dailyTarget' : 'dailyIp' };
    }
    const code = newCode();
    const key = this.codeKey(purpose, target);
    await this.redis.multi().del(key).hset(key, 'h', hashCode(this.secret, purpose, target, code), 'tries', 0).expire(key, this.limits.ttlSeconds).exec();
    return { code };
  }

  /** Undoes an issue whose delivery failed, so the user may ask again at once. */
  async cancel(purpose: CodePurpose, target: string): Promise<void> {
    await this.redis.del(this.codeKey(purpose, target), this.throttleKey(purpose, target));
  }

  async check(purpose: CodePurpose, target: string, code: string): Promise<CheckResult> {
    const result = await this.redis.eval(CHECK_SCRIPT, 1, this.codeKey(purpose, target), hashCode(this.secret, purpose, target, code), this.limits.maxTries);
    return result as CheckResult;
  }

  /** The first purpose that has a live code for the target decides (forgot password takes two kinds). */
  async checkAny(purposes: CodePurpose[], target: string, code: string): Promise<CheckResult> {
    for (const purpose of purposes) {
      if ((await this.redis.exists(this.codeKey(purpose, target))) === 1) return this.check(purpose, target, code);
    }
    return 'missing';
  }

  private async bump(key: string): Promise<number> {
    const [[, count]] = (await this.redis.multi().incr(key).expire(key, 26 * 3600).exec()) as [[null, number], [null, number]];
    return count;
  }
}

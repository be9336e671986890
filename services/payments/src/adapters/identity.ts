// Identity's internal API as payments sees it (docs/identity.md "Internal API"): the payer's region
// and verification, face verification for a recharge over the unverified limit, and the payment
// password of a balance payment (identity counts the failures and locks). Identity is
// asked every time (no cache): a region or verification guessed wrong moves money wrongly, so a
// failure to reach identity is a 503, never a default.
import { z } from 'zod';
import { appError, type AppError } from '@aipay/kit';
import { ERRORS, type ErrorName } from '@aipay/contracts';

export interface Payer {
  userId: string;
  areaCode: number | null;
  isHKMOUser: boolean;
  verified: boolean;
}

export interface VerifySession {
  certifyId: string;
  verifyUrl: string;
}

/** The user's last face verification: 0 processing, 1 success, 2 failure (001 §3). */
export interface VerifyState {
  certifyId: string | null;
  status: 0 | 1 | 2;
  verified: boolean;
}

/** The payment password check (001 §3): 0 success, 1 not set, 2 wrong, 3 failure limit exceeded. */
export interface PayPasswordCheck {
  resultType: 0 | 1 | 2 | 3;
  failCount: number;
}

export interface IdentityDirectory {
  payer(userId: string): Promise<Payer>;
  startVerify(userId: string, returnUrl: string): Promise<VerifySession>;
  verifyStatus(userId: string): Promise<VerifyState>;
  verifyPayPassword(userId: string, password: string): Promise<PayPasswordCheck>;
}

const payerSchema = z.object({ userId: z.string(), areaCode: z.number().nullable(), isHKMOUser: z.boolean(), verified: z.boolean() });
const sessionSchema = z.object({ certifyId: z.string().min(1), verifyUrl: z.string().min(1) });
const stateSchema = z.object({
  certifyId: z.string().nullable(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  verified: z.boolean(),
});
const payPasswordSchema = z.object({
  resultType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  failCount: z.number().int().min(0),
});
const envelopeSchema = z.object({ code: z.number(), msg: z.string().optional(), data: z.unknown() });

export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

/** The catalogue name of an error code identity answered (1005 is the token error). */
function errorNameOf(code: number): ErrorName | undefined {
  if (code === ERRORS.TOKEN_ERROR.code) return 'TOKEN_ERROR';
  return (Object.keys(ERRORS) as ErrorName[]).find((name) => ERRORS[name].code === code);
}

function unavailable(reason: string, cause?: unknown): AppError {
  return appError('SERVICE_UNAVAILABLE', { cause: cause ?? new Error(`identity: ${reason}`) });
}

export class HttpIdentityDirectory implements IdentityDirectory {
  constructor(private readonly options: { url: string; token: string; timeoutMs: number }) {}

  private async call<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    const url = `${this.options.url.replace(/\/$/, '')}${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { [INTERNAL_TOKEN_HEADER]: this.options.token, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw unavailable('not reachable', error);
    }
    let envelope: z.infer<typeof envelopeSchema>;
    try {
      envelope = envelopeSchema.parse(await response.json());
    } catch (error) {
      throw unavailable(`answered ${response.status} without an envelope`, error);
    }
    if (envelope.code === 200) {
      const parsed = schema.safeParse(envelope.data);
      if (!parsed.success) throw unavailable(`unexpected answer of ${path}`, parsed.error);
      return parsed.data;
    }
    // A user that identity does not know (deleted after the token was issued) holds a bad token.
    if (envelope.code === ERRORS.NOT_FOUND.code) throw appError('TOKEN_ERROR');
    // A refused internal token is our misconfiguration, not the user's business.
    if (envelope.code === ERRORS.NO_PERMISSION.code) throw unavailable('refused the internal token');
    // Identity's own refusals (already verified, KYC provider down, a field ...) pass through.
    const name = errorNameOf(envelope.code);
    if (!name || name === 'SERVER_ERROR' || name === 'REQUEST_TIMEOUT') throw unavailable(`answered code ${envelope.code}`);
    throw appError(name, { data: envelope.data ?? null });
  }

  payer(userId: string): Promise<Payer> {
    return this.call('GET', `/internal/users/${encodeURIComponent(userId)}/payer`, payerSchema);
  }

  startVerify(userId: string, returnUrl: string): Promise<VerifySession> {
    return this.call('POST', `/internal/users/${encodeURIComponent(userId)}/identityVerify`, sessionSchema, { returnUrl });
  }

  verifyStatus(userId: string): Promise<VerifyState> {
    return this.call('GET', `/internal/users/${encodeURIComponent(userId)}/identityStatus`, stateSchema);
  }

  verifyPayPassword(userId: string, password: string): Promise<PayPasswordCheck> {
    return this.call('POST', `/internal/users/${encodeURIComponent(userId)}/verifyPayPassword`, payPasswordSchema, { password });
  }
}

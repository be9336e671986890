// Face verification provider: start a session, read its status (0 processing, 1 success, 2 failure).
import { z } from 'zod';
import { ProviderError, signedJson } from './signing.js';

export interface KycSession {
  certifyId: string;
  verifyUrl: string;
}

export interface KycStatus {
  certifyId: string;
  userId: string;
  status: 0 | 1 | 2;
}

export interface KycProvider {
  start(input: { userId: string; returnUrl: string; callbackUrl?: string | undefined }): Promise<KycSession>;
  status(certifyId: string): Promise<KycStatus>;
}

const sessionSchema = z.object({ certifyId: z.string().min(1), verifyUrl: z.string().min(1) });
const statusSchema = z.object({ certifyId: z.string(), userId: z.string(), status: z.union([z.literal(0), z.literal(1), z.literal(2)]) });

/** Accepts a bare answer or one wrapped in the {code, msg, data} envelope. */
function unwrap(raw: unknown): unknown {
  if (raw && typeof raw === 'object' && 'data' in raw && 'code' in raw) return (raw as { data: unknown }).data;
  return raw;
}

export class HttpKycProvider implements KycProvider {
  constructor(private readonly options: { url: string; secret: string; timeoutMs: number }) {}

  private base(): string {
    return this.options.url.replace(/\/$/, '');
  }

  async start(input: { userId: string; returnUrl: string; callbackUrl?: string | undefined }): Promise<KycSession> {
    const raw = await signedJson(this.options.secret, `${this.base()}/kyc/sessions`, { method: 'POST', body: input, timeoutMs: this.options.timeoutMs });
    const parsed = sessionSchema.safeParse(unwrap(raw));
    if (!parsed.success) throw new ProviderError('unexpected KYC session answer');
    return parsed.data;
  }

  async status(certifyId: string): Promise<KycStatus> {
    const url = `${this.base()}/kyc/sessions/${encodeURIComponent(certifyId)}`;
    const raw = await signedJson(this.options.secret, url, { method: 'GET', timeoutMs: this.options.timeoutMs });
    const parsed = statusSchema.safeParse(unwrap(raw));
    if (!parsed.success) throw new ProviderError('unexpected KYC status answer');
    return parsed.data;
  }
}

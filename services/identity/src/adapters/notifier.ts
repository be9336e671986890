// SMS and e-mail delivery behind a small interface; the HTTP implementation talks to the sandbox
// provider (POST /sms/send, POST /email/send, signed), which answers {code: 200, data: {messageId}}.
import { z } from 'zod';
import { ProviderError, signedJson } from './signing.js';

export interface Notifier {
  sendSms(to: string, text: string): Promise<void>;
  sendEmail(to: string, subject: string, text: string): Promise<void>;
}

const answerSchema = z.object({ code: z.number(), msg: z.string().optional(), data: z.object({ messageId: z.string() }).nullish() });

export class HttpNotifier implements Notifier {
  constructor(
    private readonly options: { smsUrl: string; emailUrl: string; secret: string; timeoutMs: number },
  ) {}

  async sendSms(to: string, text: string): Promise<void> {
    await this.call(`${this.options.smsUrl.replace(/\/$/, '')}/sms/send`, { to, text });
  }

  async sendEmail(to: string, subject: string, text: string): Promise<void> {
    await this.call(`${this.options.emailUrl.replace(/\/$/, '')}/email/send`, { to, subject, text });
  }

  private async call(url: string, body: unknown): Promise<void> {
    const answer = answerSchema.safeParse(await signedJson(this.options.secret, url, { method: 'POST', body, timeoutMs: this.options.timeoutMs }));
    if (!answer.success || answer.data.code !== 200) throw new ProviderError(`delivery refused: ${JSON.stringify(answer.data ?? null)}`);
  }
}

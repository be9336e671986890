// Complaint delivery to a chat-bot webhook (Feishu/Lark style): JSON {timestamp, sign, msg_type, content}
// where sign = base64 HMAC-SHA256 keyed with `${timestamp}\n${secret}` over an empty message, the
// timestamp in seconds. Success only when the webhook answers code 0.
import { createHmac } from 'node:crypto';

export function webhookSign(timestamp: string, secret: string): string {
  return createHmac('sha256', `${timestamp}\n${secret}`).update('').digest('base64');
}

export interface ComplaintSender {
  send(text: string): Promise<boolean>;
}

export class WebhookComplaintSender implements ComplaintSender {
  constructor(private readonly options: { url: string | undefined; secret: string; timeoutMs: number }) {}

  async send(text: string): Promise<boolean> {
    if (!this.options.url) return false;
    const timestamp = String(Math.floor(Date.now() / 1000));
    const body = { timestamp, sign: webhookSign(timestamp, this.options.secret), msg_type: 'text', content: { text } };
    try {
      const response = await fetch(this.options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const answer = (await response.json().catch(() => null)) as { code?: unknown; StatusCode?: unknown } | null;
      return response.ok && (answer?.code ?? answer?.StatusCode) === 0;
    } catch {
      return false;
    }
  }
}

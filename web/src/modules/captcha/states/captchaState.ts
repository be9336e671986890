// The captcha dialog shared by every send-code button: requestCaptcha() opens it and resolves
// with the one-time captchaVerifyParam, or rejects when the user closes it or verification fails.
import { proxy } from 'valtio';

export const captchaState = proxy({ open: false, attempt: 0 });

let pending: { resolve: (param: string) => void; reject: (reason: Error) => void } | null = null;

export class CaptchaCancelled extends Error {
  override readonly name = 'CaptchaCancelled';
}

export function requestCaptcha(): Promise<string> {
  pending?.reject(new CaptchaCancelled('replaced'));
  captchaState.open = true;
  captchaState.attempt += 1;
  return new Promise<string>((resolve, reject) => {
    pending = { resolve, reject };
  });
}

export function passCaptcha(param: string): void {
  pending?.resolve(param);
  pending = null;
  captchaState.open = false;
}

export function cancelCaptcha(reason = 'closed'): void {
  pending?.reject(new CaptchaCancelled(reason));
  pending = null;
  captchaState.open = false;
}

// Calls of the slide captcha (libs/contracts identity.ts: captchaPuzzleSchema, captchaVerifyBodySchema).
import type { CaptchaPuzzle } from '@aipay/contracts';
import { request } from '../../request/api';

export type CaptchaVerifyBody = {
  captchaId: string;
  x: number;
  durationMs: number;
  track: [number, number][];
};

/** Code 2500: the user missed the gap (no message, new puzzle). */
export const CAPTCHA_SLIDE_FAILED = 2500;

export function fetchPuzzle(): Promise<CaptchaPuzzle> {
  return request<CaptchaPuzzle>({ url: '/user/captcha/puzzle', cancelDuplicate: true });
}

export function verifyCaptcha(body: CaptchaVerifyBody): Promise<{ captchaVerifyParam: string }> {
  return request<{ captchaVerifyParam: string }>({ method: 'POST', url: '/user/captcha/verify', data: body, showError: false, dropEmpty: false });
}

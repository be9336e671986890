// Verification-code rules (seed 000 §5, §9): 6 digits, stored hashed, purposes and their texts.
import { createHmac, randomInt } from 'node:crypto';
import type { Language } from '@aipay/contracts';

export const CODE_LENGTH = 6;

/** What a code proves. Codes of one purpose never satisfy another. */
export type CodePurpose =
  | 'login'
  | 'register'
  | 'updatePassword'
  | 'updateEmail'
  | 'verify'
  | 'mobileOld'
  | 'mobileNew';

export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

/** Codes are stored as an HMAC bound to their purpose and target, never in clear. */
export function hashCode(secret: string, purpose: CodePurpose, target: string, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}\n${target}\n${code}`).digest('hex');
}

export function isWellFormedCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

export function smsText(code: string, language: Language, minutes = 5): string {
  return language === 'en'
    ? `[AI Pay] Your code is ${code}, valid for ${minutes} minutes.`
    : `【AI Pay】您的验证码是 ${code}，${minutes} 分钟内有效。`;
}

export function emailMessage(code: string, language: Language, minutes = 5): { subject: string; text: string } {
  return language === 'en'
    ? { subject: '[AI Pay] Verification code', text: `[AI Pay] Your code is ${code}, valid for ${minutes} minutes.` }
    : { subject: '【AI Pay】验证码', text: `【AI Pay】您的验证码是 ${code}，${minutes} 分钟内有效。` };
}

/** UTC day stamp for the daily caps. */
export function dayStamp(now = new Date()): string {
  return now.toISOString().slice(0, 10).replaceAll('-', '');
}

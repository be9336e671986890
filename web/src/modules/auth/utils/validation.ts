// Form validation rules of seed 000 §5. Each rule returns an i18n key of the `validation`
// namespace, or null when the value is fine.
export const AREA_CODES = [86, 852, 853] as const;
export type AreaCode = (typeof AREA_CODES)[number];

export const PASSWORD_MIN = 8; // newer auth form (the older 12 is not used by this shell)
export const PASSWORD_MAX = 50;
export const VERIFY_CODE_LENGTH = 6;

export type ValidationKey =
  | 'emailRequired'
  | 'emailInvalid'
  | 'phoneRequired'
  | 'phoneInvalid'
  | 'codeRequired'
  | 'codeInvalid'
  | 'passwordRequired'
  | 'passwordTooShort'
  | 'passwordTooLong'
  | 'confirmRequired'
  | 'passwordMismatch'
  | 'inviteCodeInvalid'
  | 'agreementRequired'
  | 'samePhone'
  | 'contentRequired';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(value: string): ValidationKey | null {
  const v = value.trim();
  if (!v) return 'emailRequired';
  return EMAIL_RE.test(v) && v.length <= 100 ? null : 'emailInvalid';
}

/** China (86): 11 digits, 1 then 3-9; Hong Kong (852) and Macao (853): exactly 8 digits. */
export function validatePhone(value: string, areaCode: AreaCode): ValidationKey | null {
  const v = value.trim();
  if (!v) return 'phoneRequired';
  const ok = areaCode === 86 ? /^1[3-9]\d{9}$/.test(v) : /^\d{8}$/.test(v);
  return ok ? null : 'phoneInvalid';
}

/** Phone input keeps digits only, at most 11 (8 for Hong Kong and Macao). */
export function sanitizePhoneInput(value: string, areaCode: AreaCode): string {
  return value.replace(/\D/g, '').slice(0, areaCode === 86 ? 11 : 8);
}

export function validateCode(value: string): ValidationKey | null {
  if (!value) return 'codeRequired';
  return /^\d{6}$/.test(value) ? null : 'codeInvalid';
}

/** Code input strips non-digits and truncates to 6. */
export function sanitizeCodeInput(value: string): string {
  return value.replace(/\D/g, '').slice(0, VERIFY_CODE_LENGTH);
}

/** Password on login: required, trimmed, max 50. */
export function validateLoginPassword(value: string): ValidationKey | null {
  const v = value.trim();
  if (!v) return 'passwordRequired';
  return v.length > PASSWORD_MAX ? 'passwordTooLong' : null;
}

/** New or register password: 8 to 50. */
export function validateNewPassword(value: string): ValidationKey | null {
  if (!value) return 'passwordRequired';
  if (value.length < PASSWORD_MIN) return 'passwordTooShort';
  return value.length > PASSWORD_MAX ? 'passwordTooLong' : null;
}

export function validateConfirmPassword(password: string, confirm: string): ValidationKey | null {
  if (!confirm) return 'confirmRequired';
  return password === confirm ? null : 'passwordMismatch';
}

/** Optional at registration; when given: digits and capitals, 3 to 10. */
export function validateInviteCode(value: string): ValidationKey | null {
  const v = value.trim();
  if (!v) return null;
  return /^[0-9A-Z]{3,10}$/.test(v) ? null : 'inviteCodeInvalid';
}

/** Invite code input: trimmed, upper-cased, at most 10 (seed 002 §5). */
export function sanitizeInviteCodeInput(value: string): string {
  return value.trim().toUpperCase().slice(0, 10);
}

export function validateAgreement(checked: boolean): ValidationKey | null {
  return checked ? null : 'agreementRequired';
}

/** Modify phone: the new number is required, valid and different from the current one. */
export function validateNewPhone(value: string, areaCode: AreaCode, current: string | null | undefined): ValidationKey | null {
  return validatePhone(value, areaCode) ?? (current && value.trim() === current ? 'samePhone' : null);
}

export function validateRequiredText(value: string): ValidationKey | null {
  return value.trim() ? null : 'contentRequired';
}

/** Runs the rules and keeps the first failure of each field. */
export function collectErrors<F extends string>(rules: Record<F, ValidationKey | null>): Partial<Record<F, ValidationKey>> {
  const errors: Partial<Record<F, ValidationKey>> = {};
  for (const [field, key] of Object.entries(rules) as [F, ValidationKey | null][]) if (key) errors[field] = key;
  return errors;
}

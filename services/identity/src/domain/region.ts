// Region of a user from the area code of the mobile (seed 000 §3): 86 China, 852 Hong Kong, 853 Macao.
import { isValidMobile, PhoneRegion } from '@aipay/contracts';

export type RegionName = 'china' | 'hongKong' | 'macao';

export function regionOf(areaCode: number | null | undefined): RegionName | null {
  switch (areaCode) {
    case PhoneRegion.china:
      return 'china';
    case PhoneRegion.hongKong:
      return 'hongKong';
    case PhoneRegion.macao:
      return 'macao';
    default:
      return null;
  }
}

/** Hong Kong and Macao users (seed 000 §3: derived from the mobile). */
export function isHKMO(areaCode: number | null | undefined): boolean {
  return areaCode === PhoneRegion.hongKong || areaCode === PhoneRegion.macao;
}

/** Seed 000 §5: China 11 digits 1[3-9]…, Hong Kong and Macao exactly 8 digits. */
export function mobileIsValid(mobile: string, areaCode: number): boolean {
  return isValidMobile(mobile, areaCode);
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Keys of the identifiers collection: each identifier is a document `_id`, so uniqueness is free. */
export const identifierKey = {
  mobile: (areaCode: number, mobile: string) => `mobile:${areaCode}:${mobile}`,
  email: (email: string) => `email:${normaliseEmail(email)}`,
  invite: (code: string) => `invite:${code.toUpperCase()}`,
  google: (sub: string) => `google:${sub}`,
};

/** Where a code is sent: the same string names the throttle and cap counters. */
export function codeTarget(kind: 'mobile' | 'email', value: string, areaCode = 86): string {
  return kind === 'mobile' ? identifierKey.mobile(areaCode, value) : identifierKey.email(value);
}

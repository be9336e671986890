// What an issuer makes up for a new card: a Luhn-valid number on the platform's BIN, the expiry
// MM/YY, the CVV and a US billing address. Pure, so tests check it without Redis.
import { createHash, randomInt } from 'node:crypto';
import type { IssuerPlatform } from '@aipay/pay-protocols';

export interface BillingAddress {
  addressLine1: string;
  city: string;
  postalCode: string;
  stateName: string;
  country: 'US';
}

/** The platforms' BINs (first six digits) and networks. */
export const BINS: Readonly<Record<IssuerPlatform, { bins: readonly string[]; brand: 'visa' | 'mastercard' }>> = {
  qbitbudget: { bins: ['485932', '428837'], brand: 'visa' },
  corpay: { bins: ['556347', '531993'], brand: 'mastercard' },
};

const ADDRESSES: readonly BillingAddress[] = [
  { addressLine1: '2261 Market Street #4821', city: 'San Francisco', postalCode: '94114', stateName: 'California', country: 'US' },
  { addressLine1: '1209 Orange Street', city: 'Wilmington', postalCode: '19801', stateName: 'Delaware', country: 'US' },
  { addressLine1: '30 N Gould St Ste 5120', city: 'Sheridan', postalCode: '82801', stateName: 'Wyoming', country: 'US' },
  { addressLine1: '8 The Green Ste A', city: 'Dover', postalCode: '19901', stateName: 'Delaware', country: 'US' },
  { addressLine1: '1111B S Governors Ave', city: 'Dover', postalCode: '19904', stateName: 'Delaware', country: 'US' },
  { addressLine1: '401 Ryland St Ste 200-A', city: 'Reno', postalCode: '89502', stateName: 'Nevada', country: 'US' },
];

/** The Luhn check digit of `partial` (the number without its last digit). */
export function luhnDigit(partial: string): number {
  let sum = 0;
  for (let i = 0; i < partial.length; i += 1) {
    // From the right, every other digit starting with the one next to the check digit is doubled.
    let digit = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

export function luhnValid(number: string): boolean {
  return /^\d{12,19}$/.test(number) && luhnDigit(number.slice(0, -1)) === Number(number.slice(-1));
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/** 16 digits: a BIN of the platform, 9 random digits, the Luhn digit. */
export function cardNumber(platform: IssuerPlatform): string {
  const { bins } = BINS[platform];
  const partial = `${bins[randomInt(bins.length)]}${digits(9)}`;
  return `${partial}${luhnDigit(partial)}`;
}

/** `MM/YY` of this month, `years` on (UTC). */
export function expiry(years: number, now = Date.now()): string {
  const at = new Date(now);
  const month = String(at.getUTCMonth() + 1).padStart(2, '0');
  return `${month}/${String((at.getUTCFullYear() + years) % 100).padStart(2, '0')}`;
}

/** True once the month of an `MM/YY` expiry is over. */
export function expired(mmyy: string, now = Date.now()): boolean {
  const [month, year] = mmyy.split('/').map(Number) as [number, number];
  return now >= Date.UTC(2000 + year, month, 1);
}

export const cvv = () => digits(3);

/** One of a few US addresses, the same for the same card. */
export function billingAddress(cardId: string): BillingAddress {
  const index = createHash('sha256').update(cardId).digest().readUInt32BE(0) % ADDRESSES.length;
  return { ...ADDRESSES[index]! };
}

/** `**** **** **** 1234` style: the last four digits. */
export const last4 = (number: string) => number.slice(-4);

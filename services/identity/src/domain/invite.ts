// Invite codes (seed 000 §5, 002 §5): digits and capitals, 3 to 10. Our own codes are 6 characters
// without look-alikes (0/O, 1/I).
import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function isValidInviteCode(code: string): boolean {
  return /^[0-9A-Z]{3,10}$/.test(code);
}

export function newInviteCode(length = 6): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += ALPHABET[randomInt(0, ALPHABET.length)];
  return code;
}

import { describe, expect, it } from 'vitest';
import { identifierKey, isHKMO, mobileIsValid, regionOf } from './region.js';

// Seed 000 §5: "Phone: required. China (86): 11 digits, first digit 1, second 3 to 9. Hong Kong and
// Macao: exactly 8 digits. Else invalid."
describe('mobile numbers (seed 000 §5)', () => {
  it.each([
    ['13800138000', 86, true, 'China: 11 digits, 1 then 3'],
    ['19912345678', 86, true, 'China: second digit 9'],
    ['12812345678', 86, false, 'China: second digit 2 is not 3 to 9'],
    ['23812345678', 86, false, 'China: first digit must be 1'],
    ['1381234567', 86, false, 'China: 10 digits'],
    ['138123456789', 86, false, 'China: 12 digits'],
    ['51234567', 852, true, 'Hong Kong: exactly 8 digits'],
    ['5123456', 852, false, 'Hong Kong: 7 digits'],
    ['512345678', 852, false, 'Hong Kong: 9 digits'],
    ['66123456', 853, true, 'Macao: exactly 8 digits'],
    ['6612345a', 853, false, 'Macao: digits only'],
    ['13800138000', 852, false, 'an 11-digit number is not a Hong Kong number'],
  ])('%s with area code %i → %s (%s)', (mobile, areaCode, valid) => {
    expect(mobileIsValid(mobile, areaCode)).toBe(valid);
  });
});

// Seed 000 §3: "Region derived from mobile: China (86), Hong Kong (852), Macao (853); isHKMOUser is
// derived from the mobile."
describe('region and isHKMOUser from the area code (seed 000 §3)', () => {
  it.each([
    [86, 'china', false],
    [852, 'hongKong', true],
    [853, 'macao', true],
    [null, null, false],
    [1, null, false],
  ])('%s → %s, HK/MO %s', (areaCode, region, hkmo) => {
    expect(regionOf(areaCode)).toBe(region);
    expect(isHKMO(areaCode)).toBe(hkmo);
  });
});

describe('identifier keys', () => {
  it('names each identifier uniquely and case-insensitively for e-mail', () => {
    expect(identifierKey.mobile(86, '13800138000')).toBe('mobile:86:13800138000');
    expect(identifierKey.email(' Li@Example.COM ')).toBe('email:li@example.com');
    expect(identifierKey.invite('ab12c')).toBe('invite:AB12C');
  });
});

import { describe, expect, it } from 'vitest';
import { parsePayConfirmQuery } from './payConfirm';

describe('/pay-confirm query', () => {
  it('reads orderType, businessRef and amount (US cents)', () => {
    expect(parsePayConfirmQuery('orderType=0&businessRef=card-1&amount=2500')).toEqual({ orderType: 0, businessRef: 'card-1', amount: 2500 });
    expect(parsePayConfirmQuery('?orderType=9&businessRef=%20chatgpt-month%20&amount=999')).toEqual({ orderType: 9, businessRef: 'chatgpt-month', amount: 999 });
  });
  it.each([
    'businessRef=card-1&amount=2500',
    'orderType=15&businessRef=card-1&amount=2500',
    'orderType=-1&businessRef=card-1&amount=2500',
    'orderType=0&amount=2500',
    `orderType=0&businessRef=${'x'.repeat(65)}&amount=2500`,
    'orderType=0&businessRef=card-1&amount=0',
    'orderType=0&businessRef=card-1&amount=12.5',
  ])('invalid: %s', (search) => expect(parsePayConfirmQuery(search)).toBeNull());
});

import { describe, expect, it } from 'vitest';
import * as payments from './index.js';

describe('package entry', () => {
  it('exports the domain rules', () => {
    for (const name of ['rechargeFee', 'filterChannels', 'defaultPayment', 'nextPayOrderStatus', 'checkRefund', 'floorTo2', 'usdToCny']) {
      expect(typeof (payments as Record<string, unknown>)[name], name).toBe('function');
    }
  });
});

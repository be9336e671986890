import { describe, expect, it } from 'vitest';
import { isPublic, routeFor, timeoutFor } from './routing.js';

describe('the routing table', () => {
  it.each([
    ['/user/login', 'identity'],
    ['/user/updateUserMobile/verifyLastStep', 'identity'],
    ['/v1/user/deleteAccount', 'identity'],
    ['/account/verifyPayPassword', 'identity'],
    ['/account/identityVerify', 'card'],
    ['/card/list', 'card'],
    ['/v1/virtualCard/123/balance', 'card'],
    ['/common/ocrIdCardFace', 'card'],
    ['/common/maintain', 'card'],
    ['/v1/pay/payOrder', 'payments'],
    ['/pay/refund', 'payments'],
    ['/v1/unAuth/order/tradeStatus', 'payments'],
    ['/aiflex/payParam', 'payments'],
    ['/aiflex/payStatus', 'payments'],
    ['/aiflex/applySharePlus', 'flex'],
    ['/aiflex/orders', 'flex'],
    ['/v1/pay/identityVerify', 'payments'],
    ['/v1/pay/rechargeIdentity', 'payments'],
    ['/v1/pay/extraOrder/payUrl', 'payments'],
    ['/common/cardAmount', 'payments'],
    ['/aiflex/products', 'flex'],
    ['/v1/tool/openaiPlus/shareUrl', 'flex'],
    ['/v1/tool/reward/overseaMobile/apply', 'tools'],
    ['/reward/bindTask', 'tools'],
    ['/user/getKasm', 'tools'],
    ['/aicoding/xapi/user/token', 'aicoding'],
    ['/user/key/generate', 'aicoding'],
    ['/v1/chat/completions', 'aicoding'],
    ['/v1/fission/listInvitation', 'referrals'],
  ])('%s belongs to %s', (path, service) => {
    expect(routeFor(path)).toBe(service);
  });

  it.each([
    '/internal/users/u1/payer',
    '/internal/users/u1/identityVerify',
    '/INTERNAL/users/u1/payer',
    '/user/../internal/users/u1/payer',
    '/v1/pay/./payOrder',
    '/user/%2e%2e/internal/users/u1/payer',
    '/user/..%2Finternal/users/u1/payer',
    '/v1/pay/%5C..%5Cinternal',
  ])('never forwards %s (internal API, dot segments)', (path) => {
    expect(routeFor(path)).toBeUndefined();
  });

  it('has no owner for unknown paths', () => {
    expect(routeFor('/nothing/here')).toBeUndefined();
    expect(routeFor('/cardx/list')).toBeUndefined();
  });

  it.each([
    ['/user/login', true],
    ['/user/login/verifyCode/13800138000', true],
    ['/user/register', true],
    ['/v1/unAuth/order/tradeStatus', true],
    ['/user/info', false],
    ['/user/logout', false],
    ['/user/loginx', false],
    ['/card/list', false],
    ['/v1/pay/payOrder', false],
    ['/common/cardAmount', true],
    ['/aiflex/payParam', false],
    ['/aiflex/payStatus', false],
    ['/v1/pay/identityStatus', false],
  ])('%s needs no login: %s', (path, expected) => {
    expect(isPublic(path)).toBe(expected);
  });

  it('uses the seeds timeouts: 20 s default, 60 s pay params, 180 s channel list', () => {
    expect(timeoutFor('/card/list')).toBe(20_000);
    expect(timeoutFor('/aiflex/payParam')).toBe(60_000);
    expect(timeoutFor('/aiflex/payStatus')).toBe(20_000);
    expect(timeoutFor('/v1/pay/channelList')).toBe(180_000);
  });
});

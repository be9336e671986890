import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../request/utils/requestError';
import { getPayLink, PayLinkError } from './payLink';

const order = { orderNo: 'P1', payUrlParams: { channelType: 6, transactionType: 1, orderType: 0 }, isAuth: true };

describe('getting the pay link', () => {
  it('asks the common route with the orderNo', async () => {
    const fetchPayUrl = vi.fn(async () => ({ orderNo: 'P1', payUrl: 'https://x', timeExpireTime: 900 }));
    await expect(getPayLink(fetchPayUrl, order)).resolves.toMatchObject({ payUrl: 'https://x' });
    expect(fetchPayUrl).toHaveBeenCalledWith('/v1/pay/payUrl', 'P1');
    await getPayLink(fetchPayUrl, { ...order, tradeFrom: 'extraOrder' });
    expect(fetchPayUrl).toHaveBeenLastCalledWith('/v1/pay/extraOrder/payUrl', 'P1');
  });

  it('missing order or params → "missing parameters" without a call', async () => {
    const fetchPayUrl = vi.fn();
    await expect(getPayLink(fetchPayUrl, null)).rejects.toMatchObject({ kind: 'paramsMissing' });
    await expect(getPayLink(fetchPayUrl, { ...order, payUrlParams: undefined as never })).rejects.toMatchObject({ kind: 'paramsMissing' });
    expect(fetchPayUrl).not.toHaveBeenCalled();
  });

  it('3014 → paramsMissing; 3015 and others → GetCommonPayUrlError "failed" (rethrown); cancelled stays silent', async () => {
    const failWith = (error: unknown) => getPayLink(() => Promise.reject(error), order);
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(failWith(new RequestError('business', 3014, 'missing'))).rejects.toMatchObject({ kind: 'paramsMissing', serverMsg: 'missing' });
    const failed = await failWith(new RequestError('business', 3015, '获取支付链接失败')).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(PayLinkError);
    expect(failed).toMatchObject({ name: 'GetCommonPayUrlError', kind: 'failed', serverMsg: '获取支付链接失败' });
    await expect(failWith(new RequestError('cancelled', 0, 'duplicate'))).rejects.toMatchObject({ kind: 'cancelled' });
    await expect(failWith(new TypeError('boom'))).rejects.toMatchObject({ kind: 'failed' });
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockRestore();
  });
});

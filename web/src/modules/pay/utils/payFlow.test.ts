import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../request/utils/requestError';
import { OrderType } from './payConstants';
import { createOrder, runPayment, type PayFlowDeps } from './payFlow';
import type { ChannelOffer, PayOrderView, StartPaymentInput } from './payTypes';

const T0 = 1_700_000_000_000;
const alipay2: ChannelOffer = { channelType: 2, transactionType: 1, pageType: 1, isDefault: true };
const union1: ChannelOffer = { channelType: 1, transactionType: 3, pageType: 1, isDefault: false };
const input: StartPaymentInput = { orderType: OrderType.recharge, businessRef: 'card-1', amount: 2500, redirectUrl: '/pay-confirm?x=1' };
const view = (orderNo: string): PayOrderView => ({ orderNo, orderType: 0, payStatus: 0, payAmount: 18_000, payCurrency: 1 });

function deps(overrides: Partial<PayFlowDeps> = {}, offers: ChannelOffer[] = [alipay2, union1]) {
  let key = 0;
  const d: PayFlowDeps = {
    isMobile: () => false,
    isLoggedIn: () => true,
    now: () => T0,
    newRequestKey: () => `key-${++key}`,
    origin: 'https://aipay.example',
    api: {
      channelList: vi.fn(async () => offers),
      payOrder: vi.fn(async () => view('P1')),
      identityVerify: vi.fn(async () => ({ verifyUrl: 'https://kyc.example/verify/1' })),
    },
    chooseChannel: vi.fn(async (list: ChannelOffer[]) => list[1] ?? null),
    openPayment: vi.fn(async () => 'success' as const),
    savePayOrder: vi.fn(),
    navigate: vi.fn(),
    leave: vi.fn(),
    notify: vi.fn(),
    ...overrides,
  };
  return d;
}

describe('startPayment flow (seed 001 §4 items 7 and 9, 002 §4 "Payment")', () => {
  it('desktop, several channels: chooser → order (USD cents, QR page) → payment modal', async () => {
    const d = deps();
    await expect(runPayment(d, input)).resolves.toBe('success');
    expect(d.api.channelList).toHaveBeenCalledWith(0, 2500);
    expect(d.chooseChannel).toHaveBeenCalledWith([alipay2, union1]);
    expect(d.api.payOrder).toHaveBeenCalledWith({
      orderType: 0,
      businessRef: 'card-1',
      amount: 2500,
      currency: 2,
      channelType: 1,
      transactionType: 3,
      requestKey: 'key-1',
      payPageType: 1,
    });
    expect(d.openPayment).toHaveBeenCalledWith(
      expect.objectContaining({ offer: union1, offers: [alipay2, union1], input, payAmount: 18_000, payCurrency: 1, order: expect.objectContaining({ orderNo: 'P1', isAuth: true }) }),
    );
    expect(d.savePayOrder).not.toHaveBeenCalled();
  });

  it('one channel: no chooser', async () => {
    const d = deps({}, [alipay2]);
    await runPayment(d, input);
    expect(d.chooseChannel).not.toHaveBeenCalled();
    expect(d.api.payOrder).toHaveBeenCalledWith(expect.objectContaining({ channelType: 2, transactionType: 1 }));
  });

  it('offers fetched by the page are used as they are', async () => {
    const d = deps();
    await runPayment(d, { ...input, offers: [union1] });
    expect(d.api.channelList).not.toHaveBeenCalled();
    expect(d.api.payOrder).toHaveBeenCalledWith(expect.objectContaining({ channelType: 1 }));
  });

  it('closing the chooser cancels without an order', async () => {
    const d = deps({ chooseChannel: vi.fn(async () => null) });
    await expect(runPayment(d, input)).resolves.toBe('cancelled');
    expect(d.api.payOrder).not.toHaveBeenCalled();
  });

  it('no channel: a warning', async () => {
    const d = deps({}, [{ ...alipay2, disabled: true }]);
    await expect(runPayment(d, input)).resolves.toBe('noChannel');
    expect(d.notify).toHaveBeenCalledWith({ kind: 'noChannel' });
  });

  it('mobile: H5 page type, the order is stored and /pay-result opens', async () => {
    const d = deps({ isMobile: () => true }, [alipay2]);
    await expect(runPayment(d, input)).resolves.toBe('redirected');
    expect(d.api.payOrder).toHaveBeenCalledWith(expect.objectContaining({ payPageType: 2 }));
    expect(d.savePayOrder).toHaveBeenCalledWith(expect.objectContaining({ orderNo: 'P1', redirectUrl: '/pay-confirm?x=1', payUrlParams: { channelType: 2, transactionType: 1, orderType: 0 } }));
    expect(d.navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/pay-result\?orderNo=P1&orderType=0&transactionType=1&channelType=2&redirectUrl=/));
    expect(d.openPayment).not.toHaveBeenCalled();
  });

  it('2112 with an orderNo: the order is kept and face verification starts with the return URL', async () => {
    const d = deps({}, [alipay2]);
    vi.mocked(d.api.payOrder).mockRejectedValueOnce(new RequestError('business', 2112, 'face', { orderNo: 'P7' }));
    await expect(runPayment(d, input)).resolves.toBe('faceVerify');
    expect(d.savePayOrder).toHaveBeenCalledWith(expect.objectContaining({ orderNo: 'P7', businessRef: 'card-1', amount: 2500 }));
    expect(d.api.identityVerify).toHaveBeenCalledWith('https://aipay.example/pay-face-verify-result?orderNo=P7');
    expect(d.leave).toHaveBeenCalledWith('https://kyc.example/verify/1');
  });

  it('1001: "same flex package already held"; other business errors show the server message', async () => {
    const d = deps({}, [alipay2]);
    vi.mocked(d.api.payOrder).mockRejectedValueOnce(new RequestError('business', 1001, 'held'));
    await expect(runPayment(d, { ...input, orderType: OrderType.flex })).resolves.toBe('error');
    expect(d.notify).toHaveBeenLastCalledWith({ kind: 'flexHeld' });
    vi.mocked(d.api.payOrder).mockRejectedValueOnce(new RequestError('business', 2213, '已超过每月支付限额'));
    await runPayment(d, input);
    expect(d.notify).toHaveBeenLastCalledWith({ kind: 'server', msg: '已超过每月支付限额' });
  });

  it('re-apply creates a new order (a new requestKey each time)', async () => {
    const d = deps();
    await createOrder(d, input, alipay2);
    await createOrder(d, input, alipay2);
    const keys = vi.mocked(d.api.payOrder).mock.calls.map(([body]) => body.requestKey);
    expect(keys).toEqual(['key-1', 'key-2']);
  });

  it('a visitor’s order is not an auth order', async () => {
    const d = deps({ isLoggedIn: () => false, isMobile: () => true }, [alipay2]);
    await runPayment(d, input);
    expect(d.savePayOrder).toHaveBeenCalledWith(expect.objectContaining({ isAuth: false }));
  });
});

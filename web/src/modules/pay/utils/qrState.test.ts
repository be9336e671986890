import { describe, expect, it } from 'vitest';
import { formatCountdown, initialQrState, qrReducer, qrSecondsLeft, type QrEvent, type QrState } from './qrState';

const T0 = 1_700_000_000_000;
const run = (events: QrEvent[], margin = 0, from: QrState = initialQrState) => events.reduce((state, event) => qrReducer(state, event, margin), from);

describe('QR state (seed 001 §4 item 8, 002 §4 "QR display")', () => {
  it('starts loading and becomes active once a URL is present', () => {
    expect(initialQrState.status).toBe('loading');
    const state = run([{ type: 'received', payUrl: 'https://pay.example/qr/1', timeExpireTime: 60, now: T0 }]);
    expect(state).toEqual({ status: 'active', payUrl: 'https://pay.example/qr/1', deadline: T0 + 60_000 });
  });

  it('no URL (or no time left) → expired', () => {
    expect(run([{ type: 'received', timeExpireTime: 60, now: T0 }]).status).toBe('expired');
    expect(run([{ type: 'received', payUrl: '  ', timeExpireTime: 60, now: T0 }]).status).toBe('expired');
    expect(run([{ type: 'received', payUrl: 'https://x', timeExpireTime: 0, now: T0 }]).status).toBe('expired');
  });

  it('expires when the countdown ends (timeExpireTime seconds from receipt)', () => {
    const active = run([{ type: 'received', payUrl: 'https://x', timeExpireTime: 30, now: T0 }]);
    expect(qrReducer(active, { type: 'tick', now: T0 + 29_999 }, 0).status).toBe('active');
    expect(qrSecondsLeft(active, T0 + 29_001)).toBe(1);
    const ended = qrReducer(active, { type: 'tick', now: T0 + 30_000 }, 0);
    expect(ended.status).toBe('expired');
    expect(ended.payUrl).toBe('https://x');
    expect(qrSecondsLeft(ended, T0)).toBe(0);
  });

  it('counts as expired 2 s before the server deadline by default (ours)', () => {
    const active = qrReducer(initialQrState, { type: 'received', payUrl: 'https://x', timeExpireTime: 30, now: T0 });
    expect(active.deadline).toBe(T0 + 28_000);
    expect(qrReducer(active, { type: 'tick', now: T0 + 28_000 }).status).toBe('expired');
  });

  it('expires when the image fails or the link request fails', () => {
    const active = run([{ type: 'received', payUrl: 'https://x', timeExpireTime: 30, now: T0 }]);
    expect(qrReducer(active, { type: 'imageError' }).status).toBe('expired');
    expect(qrReducer(initialQrState, { type: 'linkFailed' }).status).toBe('expired');
  });

  it('tapping an expired code returns to loading; refresh does nothing on a live code', () => {
    const expired = run([{ type: 'received', timeExpireTime: 60, now: T0 }]);
    expect(qrReducer(expired, { type: 'refresh' })).toEqual(initialQrState);
    const active = run([{ type: 'received', payUrl: 'https://x', timeExpireTime: 30, now: T0 }]);
    expect(qrReducer(active, { type: 'refresh' })).toBe(active);
    expect(qrReducer(active, { type: 'reset' })).toEqual(initialQrState);
  });

  it('ticks do not touch a loading or expired code', () => {
    expect(qrReducer(initialQrState, { type: 'tick', now: T0 })).toBe(initialQrState);
  });

  it('formats the countdown mm:ss', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(59)).toBe('00:59');
    expect(formatCountdown(900)).toBe('15:00');
    expect(formatCountdown(-3)).toBe('00:00');
  });
});

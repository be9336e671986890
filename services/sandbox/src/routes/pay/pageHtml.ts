// The providers' hosted pages: the cashier page of a trade (Pay / Fail / Let it expire, then the
// outcome) and the providers' error pages. Plain forms, so the buttons work without JavaScript.
import { escapeHtml, layout } from '../../pages.js';
import type { Protocol, Trade } from './trades.js';

export const WALLET_NAMES: Record<Protocol, string> = {
  alipay: 'Alipay',
  alipayhk: 'AlipayHK',
  wechat: 'WeChat Pay',
  stripe: 'Card (Stripe)',
  unionpay: 'UnionPay',
};

const CSS = `
body{display:flex;min-height:100vh;align-items:flex-start;justify-content:center;padding:16px}
.card{background:#fff;width:100%;max-width:420px;margin-top:6vh;border-radius:16px;box-shadow:0 8px 30px rgba(0,0,0,.08);padding:24px 20px;text-align:center}
h1{font-size:18px;margin:10px 0 2px}
.amount{font:700 34px/1.2 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;margin:14px 0 4px}
.amount small{font-size:16px;color:#6b7280;margin-left:6px}
.countdown{color:#6b7280;font-size:14px;margin:0 0 18px}
.countdown span{font-variant-numeric:tabular-nums;font-weight:700;color:#111827}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;text-align:left;background:#f9fafb;border-radius:10px;padding:12px 14px;margin:0 0 20px;font-size:14px}
dt{color:#6b7280}dd{margin:0;font-weight:600;word-break:break-all}
.actions{display:flex;flex-direction:column;gap:10px}
.actions form{margin:0}
button{width:100%;font-family:inherit;font-size:17px;font-weight:600;padding:15px;border:0;border-radius:12px;cursor:pointer;color:#fff}
.pay{background:#16a34a}.fail{background:#dc2626}.expire{background:#6b7280}
.notice{background:#fef2f2;color:#991b1b;border-radius:10px;padding:10px 12px;font-size:14px;margin:0 0 16px}
.result{font-size:22px;font-weight:800;margin:6px 0 4px;text-transform:uppercase;letter-spacing:.04em}
.result.paid{color:#16a34a}.result.failed{color:#dc2626}.result.expired{color:#6b7280}
.back{display:inline-block;margin-top:14px;font-weight:600}
.code{font:700 15px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#f3f4f6;border-radius:6px;padding:4px 8px;display:inline-block;margin:6px 0}
`;

const COUNTDOWN_SCRIPT = `
const box = document.querySelector('[data-expires-at]');
const out = box && box.querySelector('span');
const end = box ? Date.parse(box.dataset.expiresAt) : 0;
function tick() {
  const left = Math.max(0, Math.round((end - Date.now()) / 1000));
  out.textContent = left >= 3600 ? Math.floor(left / 3600) + ':' + String(Math.floor(left / 60) % 60).padStart(2, '0') + ':' + String(left % 60).padStart(2, '0')
    : String(Math.floor(left / 60)).padStart(2, '0') + ':' + String(left % 60).padStart(2, '0');
  if (left === 0) { box.firstChild.textContent = 'Expired '; clearInterval(timer); }
}
const timer = out ? setInterval(tick, 1000) : 0;
if (out) tick();`;

const OUTCOMES: Record<Trade['status'], string> = {
  created: 'Waiting for the payment.',
  paid: 'The payment went through.',
  failed: 'The payment failed.',
  expired: 'The trade expired unpaid.',
};

const CURRENCY_SIGNS: Record<string, string> = { CNY: '¥', HKD: 'HK$', USD: '$', EUR: '€' };

export function formatAmount(minor: number, currency: string): string {
  return `${CURRENCY_SIGNS[currency] ?? ''}${(minor / 100).toFixed(2)}`;
}

function remainingText(expiresAt: string, now: number): string {
  const left = Math.max(0, Math.round((Date.parse(expiresAt) - now) / 1000));
  const mmss = `${String(Math.floor(left / 60) % 60).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`;
  return left >= 3600 ? `${Math.floor(left / 3600)}:${mmss}` : mmss;
}

/** Where "back to the merchant" leads, or undefined when the merchant gave no page. */
export function merchantReturnUrl(trade: Trade): string | undefined {
  const url = trade.protocol === 'stripe' && trade.status !== 'paid' ? (trade.cancelUrl ?? trade.returnUrl) : trade.returnUrl;
  return url?.replaceAll('{CHECKOUT_SESSION_ID}', trade.extra.sessionId ?? '');
}

export function cashierPage(trade: Trade, nonce: string, notice?: string, now = Date.now()): string {
  const wallet = WALLET_NAMES[trade.protocol];
  const action = `/pay/page/${encodeURIComponent(trade.tradeId)}`;
  const button = (name: string, label: string, css: string) =>
    `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="action" value="${name}">` +
    `<button class="${css}" type="submit" data-testid="sandbox-${name}">${label}</button></form>`;
  const back = merchantReturnUrl(trade);
  const waiting = trade.status === 'created';
  const controls = waiting
    ? `<p class="countdown" data-testid="sandbox-countdown" data-expires-at="${escapeHtml(trade.expiresAt)}">Expires in <span>${remainingText(trade.expiresAt, now)}</span></p>
<div class="actions">${button('pay', 'Pay', 'pay')}${button('fail', 'Fail', 'fail')}${button('expire', 'Let it expire', 'expire')}</div>`
    : `<p class="result ${trade.status}" data-testid="sandbox-result">${trade.status}</p>
<p class="countdown">${OUTCOMES[trade.status]}</p>
${back ? `<a class="back" data-testid="sandbox-return" href="${escapeHtml(back)}">Back to the merchant</a>` : ''}`;
  const body = `<main class="card"><span class="tag">sandbox</span>
<h1>${escapeHtml(wallet)} (sandbox)</h1>
<div class="amount" data-testid="sandbox-amount">${escapeHtml(formatAmount(trade.amount, trade.currency))}<small>${escapeHtml(trade.currency)}</small></div>
${notice ? `<p class="notice" data-testid="sandbox-notice">${escapeHtml(notice)}</p>` : ''}
<dl><dt>Order</dt><dd data-testid="sandbox-order-no">${escapeHtml(trade.orderNo)}</dd>
${trade.subject ? `<dt>Item</dt><dd>${escapeHtml(trade.subject)}</dd>` : ''}
<dt>Wallet</dt><dd data-testid="sandbox-wallet">${escapeHtml(wallet)}</dd>
<dt>Trade</dt><dd>${escapeHtml(trade.providerTradeNo)}</dd></dl>
${controls}</main>`;
  return layout(`${wallet} (sandbox)`, CSS, body, nonce, waiting ? COUNTDOWN_SCRIPT : '');
}

/** A provider's error page for the browser; `code` is shown as is (ILLEGAL_SIGN, ...). */
export function providerErrorPage(provider: string, code: string, message: string, nonce: string): string {
  const body = `<main class="card"><span class="tag">sandbox</span>
<h1>${escapeHtml(provider)}: the request was refused</h1>
<p class="code" data-testid="sandbox-error-code">${escapeHtml(code)}</p>
<p class="countdown">${escapeHtml(message)}</p></main>`;
  return layout(`${provider}: ${code}`, CSS, body, nonce);
}

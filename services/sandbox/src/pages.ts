// The sandbox's HTML: the dev inbox and the hosted face-verification page. No framework; every
// value that came from a request goes through escapeHtml.
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { InboxMessage, KycSession } from './store.js';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Sends a page with a per-response nonce so only our own inline script runs. */
export function sendPage(reply: FastifyReply, status: number, render: (nonce: string) => string): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'`,
    )
    .send(render(nonce));
}

const BASE_CSS = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"PingFang SC","Microsoft YaHei",sans-serif;color:#1f2933;background:#f4f5f7}
a{color:#2563eb}
.tag{display:inline-block;font-size:11px;font-weight:700;letter-spacing:.06em;text-transform:uppercase;padding:2px 8px;border-radius:999px;background:#fef3c7;color:#92400e}
`;

export function layout(title: string, css: string, body: string, nonce: string, script = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${BASE_CSS}${css}</style></head>
<body>${body}${script ? `<script nonce="${nonce}">${script}</script>` : ''}</body></html>`;
}

// ---- Dev inbox -------------------------------------------------------------------------------

const INBOX_CSS = `
header{background:#111827;color:#f9fafb;padding:18px 0}
.wrap{max-width:860px;margin:0 auto;padding:0 24px}
header .wrap{display:flex;flex-wrap:wrap;gap:12px;align-items:center;justify-content:space-between}
h1{margin:0;font-size:20px}
header p{margin:2px 0 0;color:#9ca3af;font-size:13px}
form.filter{display:flex;gap:8px}
input[type=search]{width:240px;padding:7px 10px;border-radius:6px;border:1px solid #374151;background:#1f2937;color:#f9fafb;font:inherit}
button{font:inherit;cursor:pointer;border-radius:6px;padding:7px 12px;border:1px solid #d1d5db;background:#fff;color:#111827}
header button{border-color:#374151;background:#374151;color:#f9fafb}
header button.danger{background:transparent;color:#fca5a5;border-color:#7f1d1d}
main.wrap{padding-top:20px;padding-bottom:40px}
.summary{color:#6b7280;font-size:13px;margin:0 0 12px}
.msg{background:#fff;border:1px solid #e5e7eb;border-radius:10px;padding:14px 16px;margin-bottom:12px;display:grid;grid-template-columns:1fr auto;gap:4px 16px}
.meta{display:flex;flex-wrap:wrap;gap:8px;align-items:center;font-size:13px;color:#6b7280}
.badge{font-size:11px;font-weight:700;padding:1px 7px;border-radius:4px;color:#fff}
.badge.sms{background:#059669}.badge.email{background:#2563eb}
.to{font-weight:600;color:#111827;font-size:14px}
.subject{font-weight:600;grid-column:1}
.text{grid-column:1;margin:0;white-space:pre-wrap;word-break:break-word;color:#374151;font:inherit}
.codebox{grid-column:2;grid-row:1/span 3;display:flex;flex-direction:column;align-items:flex-end;justify-content:center;gap:6px}
.code{font:700 30px/1 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;letter-spacing:.12em;user-select:all;color:#111827}
.nocode{color:#9ca3af;font-size:13px}
.empty{text-align:center;color:#6b7280;padding:60px 0}
.empty code{background:#e5e7eb;padding:1px 5px;border-radius:4px}
@media (max-width:560px){.msg{grid-template-columns:1fr}.codebox{grid-column:1;grid-row:auto;flex-direction:row;align-items:center;justify-content:flex-start;gap:12px;margin:4px 0}.subject,.text{grid-column:1}input[type=search]{width:100%}}
`;

const INBOX_SCRIPT = `
const list = document.getElementById('list');
setInterval(async () => {
  if (document.hidden || String(getSelection())) return; // do not disturb someone selecting a code
  try {
    const response = await fetch(location.href, { headers: { accept: 'text/html' } });
    const next = new DOMParser().parseFromString(await response.text(), 'text/html').getElementById('list');
    if (next && next.innerHTML !== list.innerHTML) list.innerHTML = next.innerHTML;
  } catch {}
}, 3000);
document.addEventListener('click', async (event) => {
  const copy = event.target.closest('button[data-code]');
  if (copy) {
    try { await navigator.clipboard.writeText(copy.dataset.code); }
    catch { getSelection().selectAllChildren(copy.previousElementSibling); document.execCommand('copy'); }
    copy.textContent = 'Copied';
    setTimeout(() => { copy.textContent = 'Copy'; }, 1200);
  }
  if (event.target.id === 'clear' && confirm('Delete every message in the sandbox inbox?')) {
    await fetch('/dev/inbox', { method: 'DELETE' });
    location.reload();
  }
});`;

function formatTime(iso: string): string {
  return iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
}

function messageCard(message: InboxMessage): string {
  const code = message.code
    ? `<code class="code">${escapeHtml(message.code)}</code><button type="button" data-code="${escapeHtml(message.code)}">Copy</button>`
    : '<span class="nocode">no code</span>';
  return `<article class="msg">
<div class="meta"><span class="badge ${message.channel}">${message.channel === 'sms' ? 'SMS' : 'E-mail'}</span>
<span class="to">${escapeHtml(message.to)}</span><time datetime="${escapeHtml(message.sentAt)}">${escapeHtml(formatTime(message.sentAt))}</time></div>
<div class="codebox">${code}</div>
${message.subject ? `<div class="subject">${escapeHtml(message.subject)}</div>` : ''}
<pre class="text">${escapeHtml(message.text)}</pre>
</article>`;
}

export function inboxPage(messages: InboxMessage[], to: string | undefined, nonce: string): string {
  const summary = `${messages.length} message${messages.length === 1 ? '' : 's'}${to ? ` to <strong>${escapeHtml(to)}</strong>` : ''}, newest first`;
  const list = messages.length
    ? `<p class="summary">${summary}</p>${messages.map(messageCard).join('\n')}`
    : `<div class="empty">No messages${to ? ` to <strong>${escapeHtml(to)}</strong>` : ''} yet.<br>
Anything sent through <code>POST /sms/send</code> or <code>POST /email/send</code> shows up here.</div>`;
  const body = `<header><div class="wrap">
<div><h1>Sandbox inbox <span class="tag">dev only</span></h1><p>SMS and e-mail the sandbox delivered · refreshes every 3 s</p></div>
<form class="filter" method="get" action="/dev/inbox/page">
<input type="search" name="to" placeholder="Filter by phone or e-mail" value="${escapeHtml(to ?? '')}" aria-label="Recipient">
<button type="submit">Filter</button><button type="button" id="clear" class="danger">Clear</button>
</form></div></header>
<main id="list" class="wrap">${list}</main>`;
  return layout('Sandbox inbox', INBOX_CSS, body, nonce, INBOX_SCRIPT);
}

// ---- Face verification -----------------------------------------------------------------------

const KYC_CSS = `
body{display:flex;min-height:100vh;align-items:center;justify-content:center;padding:16px}
.card{background:#fff;width:100%;max-width:400px;border-radius:16px;box-shadow:0 8px 30px rgba(0,0,0,.08);padding:28px 24px;text-align:center}
h1{font-size:20px;margin:12px 0 4px}
.hint{color:#6b7280;font-size:14px;margin:0 0 20px}
.face{width:132px;height:132px;margin:8px auto 16px;border-radius:50%;border:3px dashed #93c5fd;display:flex;align-items:center;justify-content:center;background:#eff6ff}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;text-align:left;background:#f9fafb;border-radius:10px;padding:12px 14px;margin:0 0 22px;font-size:14px}
dt{color:#6b7280}dd{margin:0;font-weight:600;word-break:break-all}
dd.mono{font:500 13px/1.6 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.actions{display:flex;flex-direction:column;gap:12px}
button{width:100%;font-family:inherit;font-size:17px;font-weight:600;padding:16px;border:0;border-radius:12px;cursor:pointer;color:#fff}
.pass{background:#16a34a}.fail{background:#dc2626}
button:active{transform:scale(.99)}
.status{font-size:17px;font-weight:700;margin:0 0 18px}
.status.ok{color:#16a34a}.status.bad{color:#dc2626}
`;

const FACE_SVG = `<svg width="72" height="72" viewBox="0 0 24 24" fill="none" stroke="#3b82f6" stroke-width="1.5" stroke-linecap="round" aria-hidden="true">
<circle cx="12" cy="12" r="9"/><circle cx="9" cy="10" r=".8" fill="#3b82f6"/><circle cx="15" cy="10" r=".8" fill="#3b82f6"/><path d="M8.5 14.5c1.8 2 5.2 2 7 0"/></svg>`;

function maskIdNumber(idNumber: string): string {
  return idNumber.length <= 4 ? '****' : `${'*'.repeat(Math.min(idNumber.length - 4, 14))}${idNumber.slice(-4)}`;
}

export function kycPage(session: KycSession, nonce: string): string {
  const row = (label: string, value: string, mono = false) =>
    `<dt>${label}</dt><dd${mono ? ' class="mono"' : ''}>${escapeHtml(value)}</dd>`;
  const details = [
    row('User', session.userId),
    session.name ? row('Name', session.name) : '',
    session.idNumber ? row('ID number', maskIdNumber(session.idNumber), true) : '',
    row('Session', session.certifyId, true),
  ].join('');
  const action = `/kyc/verify/${encodeURIComponent(session.certifyId)}/result`;
  const controls =
    session.status === 0
      ? `<div class="actions">
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="result" value="pass"><button class="pass" type="submit">Pass</button></form>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="result" value="fail"><button class="fail" type="submit">Fail</button></form>
</div>`
      : finishedNote(session);
  const body = `<main class="card"><span class="tag">sandbox</span>
<h1>Face verification (sandbox)</h1>
${session.status === 0 ? `<p class="hint">Stands in for the provider's face check: choose the outcome.</p>` : ''}
<div class="face">${FACE_SVG}</div>
<dl>${details}</dl>
${controls}</main>`;
  return layout('Face verification (sandbox)', KYC_CSS, body, nonce);
}

function finishedNote(session: KycSession): string {
  const passed = session.status === 1;
  const back = new URL(session.returnUrl);
  back.searchParams.set('certifyId', session.certifyId);
  return `<p class="status ${passed ? 'ok' : 'bad'}">This verification already ${passed ? 'passed' : 'failed'}.</p>
<a href="${escapeHtml(back.toString())}">Back to the app</a>`;
}

/** The answer to a second result for a finished session, for a browser. */
export function kycFinishedPage(session: KycSession, nonce: string): string {
  const body = `<main class="card"><span class="tag">sandbox</span><h1>Face verification (sandbox)</h1>${finishedNote(session)}</main>`;
  return layout('Face verification (sandbox)', KYC_CSS, body, nonce);
}

export function notFoundPage(nonce: string): string {
  const body = `<main class="card"><span class="tag">sandbox</span><h1>Verification not found</h1>
<p class="hint">This face-verification link is unknown or has expired (sessions live 24 hours).</p></main>`;
  return layout('Not found', KYC_CSS, body, nonce);
}

// What a pay answer contains: the illegal-signature marker, a form, a redirect hidden in a script.
import { ILLEGAL_SIGN_MARKER } from './payConstants';

/** "content with an illegal-signature marker reapplies the order" (docs/pay-channels.md: `ILLEGAL_SIGN`). */
export function hasIllegalSign(content: string | null | undefined): boolean {
  return typeof content === 'string' && content.includes(ILLEGAL_SIGN_MARKER);
}

export function hasForm(html: string | null | undefined): boolean {
  return typeof html === 'string' && /<form[\s>]/i.test(html);
}

/** "treat http(s) as a URL" (https in production; http too for local development). */
export function isHttpUrl(url: string | null | undefined): url is string {
  return typeof url === 'string' && /^https?:\/\/[^\s]+$/i.test(url.trim());
}

/** A URL the browser may be sent to: http(s) or a wallet app scheme, never script or data URLs. */
export function isNavigableUrl(url: string | null | undefined): url is string {
  if (typeof url !== 'string') return false;
  const value = url.trim();
  if (!value || /\s/.test(value)) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (!scheme) return false;
  return !['javascript', 'data', 'vbscript', 'file', 'blob'].includes(scheme);
}

const SCRIPT_REDIRECTS: readonly RegExp[] = [
  /location(?:\.href)?\s*=\s*(["'])(.+?)\1/i,
  /location\.(?:replace|assign)\(\s*(["'])(.+?)\1\s*\)/i,
  /<meta[^>]+http-equiv=["']?refresh["']?[^>]*content=(["'])\s*\d+\s*;\s*url=(.+?)\1/i,
];

/** "extract a redirect URL from its script" (channel 2, open-account orders): an http(s) URL or undefined. */
export function extractScriptRedirect(html: string | null | undefined): string | undefined {
  if (typeof html !== 'string') return undefined;
  for (const pattern of SCRIPT_REDIRECTS) {
    const url = pattern.exec(html)?.[2]?.trim().replace(/&amp;/g, '&');
    if (isHttpUrl(url)) return url;
  }
  return undefined;
}

/** WeChat H5: the pay URL plus a redirect_url parameter (URL-encoded, as WeChat requires). */
export function withRedirectUrl(payUrl: string, returnUrl: string): string {
  try {
    const url = new URL(payUrl);
    url.searchParams.set('redirect_url', returnUrl);
    return url.toString();
  } catch {
    return `${payUrl}${payUrl.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(returnUrl)}`;
  }
}

// Display masks of phone and e-mail, and the e-mail verify-or-update rule.
export function maskMobile(mobile: string): string {
  return mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : mobile;
}

export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return domain ? `${name.slice(0, 2)}***@${domain}` : email;
}

/** Change-email (seed 000 §4): verify instead of update when the current e-mail is unverified and equals the typed one. */
export function isVerifyOnly(user: { email: string | null; emailVerifyStatus: number } | null, typed: string): boolean {
  return Boolean(user?.email) && user?.emailVerifyStatus === 0 && user.email!.trim().toLowerCase() === typed.trim().toLowerCase();
}

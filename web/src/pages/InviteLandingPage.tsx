// /i/:id stores the invite code and redirects to /?code={id} (seed 002 §2).
import { useState } from 'react';
import { Redirect } from 'wouter';
import { sanitizeInviteCodeInput, validateInviteCode } from '../modules/auth/utils/validation';
import { storage } from '../modules/storage/utils/storage';

export type InviteLandingPageProps = { id: string };

export function InviteLandingPage({ id }: InviteLandingPageProps) {
  const code = sanitizeInviteCodeInput(decodeURIComponent(id));
  const valid = validateInviteCode(code) === null && code !== '';
  // Stored during the first render: <Redirect> navigates before effects of this page would run.
  useState(() => {
    if (valid) storage.set('invite-code', code);
    return null;
  });
  return <Redirect to={valid ? `/?code=${encodeURIComponent(code)}` : '/'} replace />;
}

// Rules of the payment password modal (seed 001 §4, §5; 002 §5).

/** Seed 001 §5: max 5 wrong attempts. */
export const MAX_PAY_PASSWORD_ATTEMPTS = 5;
export const PAY_PASSWORD_LENGTH = 6;

export type PayPasswordMode = 'input' | 'set' | 'reset' | 'modify';

/** verifyPayPassword resultType: 0 success, 1 not set, 2 wrong, 3 failure limit exceeded. */
export const PayPasswordResult = { success: 0, notSet: 1, wrong: 2, limitExceeded: 3 } as const;

export type VerifyOutcome =
  | { kind: 'success' }
  | { kind: 'notSet' }
  | { kind: 'wrong'; remaining: number }
  | { kind: 'locked'; remaining: 0 };

/** "Opens in input mode; if a reset-needed flag is stored it goes to reset; if no password exists, to set." */
export function initialMode(requested: PayPasswordMode, resetFlag: boolean, existPayPassword: boolean): PayPasswordMode {
  if (resetFlag) return 'reset';
  if (!existPayPassword) return 'set';
  return requested;
}

/** "wrong password or limit exceeded: warning with remaining attempts (5 minus fail count)". */
export function interpretVerifyResult(result: { resultType: number; failCount: number }): VerifyOutcome {
  const remaining = Math.max(0, MAX_PAY_PASSWORD_ATTEMPTS - result.failCount);
  switch (result.resultType) {
    case PayPasswordResult.success:
      return { kind: 'success' };
    case PayPasswordResult.notSet:
      return { kind: 'notSet' };
    case PayPasswordResult.wrong:
      return remaining > 0 ? { kind: 'wrong', remaining } : { kind: 'locked', remaining: 0 };
    default:
      return { kind: 'locked', remaining: 0 };
  }
}

export function isCompletePayPassword(value: string): boolean {
  return /^\d{6}$/.test(value);
}

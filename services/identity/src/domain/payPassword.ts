// Payment password state machine (seed 001 §4-§5): result types of a verification and the lock rule.

/** 0 success, 1 not set, 2 wrong, 3 failure limit exceeded (seed 001 §3). */
export const PayPasswordResult = { success: 0, notSet: 1, wrong: 2, limitExceeded: 3 } as const;
export type PayPasswordResult = (typeof PayPasswordResult)[keyof typeof PayPasswordResult];

export const PAY_PASSWORD_MAX_FAILURES = 5;

export interface PayPasswordState {
  isSet: boolean;
  failCount: number;
}

export function isLocked(state: PayPasswordState, max = PAY_PASSWORD_MAX_FAILURES): boolean {
  return state.failCount >= max;
}

/** What a verification answers before the password is compared (not set, or locked). */
export function precheck(state: PayPasswordState, max = PAY_PASSWORD_MAX_FAILURES): PayPasswordResult | null {
  if (!state.isSet) return PayPasswordResult.notSet;
  if (isLocked(state, max)) return PayPasswordResult.limitExceeded;
  return null;
}

/** After a wrong password the count is `failCount`; reaching the maximum locks (result 3). */
export function afterWrong(failCount: number, max = PAY_PASSWORD_MAX_FAILURES): PayPasswordResult {
  return failCount >= max ? PayPasswordResult.limitExceeded : PayPasswordResult.wrong;
}

export type SetPayPasswordMode = 'first' | 'reset' | 'change' | 'needsProof';

/**
 * How a set request is handled: the first set needs nothing more; with a verification code it is a
 * reset (allowed even when locked); with the old password a change (refused while locked).
 */
export function setMode(state: PayPasswordState, request: { oldPassword?: string | undefined; verifyCode?: string | undefined }): SetPayPasswordMode {
  if (!state.isSet) return 'first';
  if (request.verifyCode) return 'reset';
  if (request.oldPassword) return 'change';
  return 'needsProof';
}

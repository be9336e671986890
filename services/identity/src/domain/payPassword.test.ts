import { describe, expect, it } from 'vitest';
import { afterWrong, PayPasswordResult, precheck, setMode } from './payPassword.js';

// Seed 001 §3: "resultType (0 success, 1 not set, 2 wrong, 3 failure limit exceeded), failCount";
// §5: "max 5 wrong attempts".
describe('payment password state machine', () => {
  it.each([
    [{ isSet: false, failCount: 0 }, PayPasswordResult.notSet],
    [{ isSet: true, failCount: 0 }, null],
    [{ isSet: true, failCount: 4 }, null],
    [{ isSet: true, failCount: 5 }, PayPasswordResult.limitExceeded],
    [{ isSet: true, failCount: 9 }, PayPasswordResult.limitExceeded],
  ])('precheck %j → %s', (state, result) => expect(precheck(state)).toBe(result));

  it.each([
    [1, PayPasswordResult.wrong],
    [4, PayPasswordResult.wrong],
    [5, PayPasswordResult.limitExceeded],
  ])('after a wrong try the count is %d → %d', (count, result) => expect(afterWrong(count)).toBe(result));

  it.each([
    [{ isSet: false, failCount: 0 }, {}, 'first'],
    [{ isSet: false, failCount: 0 }, { oldPassword: '111111' }, 'first'],
    [{ isSet: true, failCount: 0 }, { oldPassword: '111111' }, 'change'],
    [{ isSet: true, failCount: 5 }, { verifyCode: '123456' }, 'reset'],
    [{ isSet: true, failCount: 0 }, {}, 'needsProof'],
  ] as const)('set with state %j and %j → %s', (state, request, mode) => expect(setMode(state, request)).toBe(mode));
});

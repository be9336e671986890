// Payment password calls (seed 001 §7): never retried on timeout.
import { request } from '../../request/api';

export const payPasswordApi = {
  verify: (password: string) =>
    request<{ resultType: number; failCount: number }>({ method: 'POST', url: '/account/verifyPayPassword', data: { password }, timeoutRetries: 0 }),
  set: (body: { password: string; oldPassword?: string; verifyCode?: string }) =>
    request<null>({ method: 'POST', url: '/account/setPayPassword', data: body, timeoutRetries: 0 }),
};

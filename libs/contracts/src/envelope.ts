// The response envelope of every call (seed 000 §7): {code, msg, data}; 200 (or 0) is success.
import { z } from 'zod';

export const SUCCESS_CODE = 200;
/** Codes the client treats as success (seed 000 §8). */
export const SUCCESS_CODES: readonly number[] = [200, 0];

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.unknown().nullable(),
});

export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: SUCCESS_CODE, msg, data };
}

export function isSuccess(envelope: { code: number }): boolean {
  return SUCCESS_CODES.includes(envelope.code);
}

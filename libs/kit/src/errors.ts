// One exception type for every service: a catalogue name from libs/contracts, rendered as the seeds' envelope.
import { ERRORS, type ErrorName } from '@aipay/contracts';

export class AppError extends Error {
  readonly errorName: ErrorName;
  readonly code: number;
  readonly statusCode: number;
  /** Optional data sent in the envelope (never internals). */
  readonly data: unknown;
  /** A message that replaces the catalogue text (already localised by the caller). */
  readonly overrideMsg: string | undefined;

  constructor(name: ErrorName, options: { data?: unknown; msg?: string; cause?: unknown } = {}) {
    super(options.msg ?? ERRORS[name].en, { cause: options.cause });
    this.name = 'AppError';
    this.errorName = name;
    this.code = ERRORS[name].code;
    this.statusCode = ERRORS[name].status;
    this.data = options.data ?? null;
    this.overrideMsg = options.msg;
  }
}

export function appError(name: ErrorName, options?: { data?: unknown; msg?: string; cause?: unknown }): AppError {
  return new AppError(name, options);
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

// The error every failed call rejects with: the envelope's code, msg and data (for field errors).

export type RequestErrorKind = 'business' | 'auth' | 'timeout' | 'network' | 'cancelled';

export class RequestError<D = unknown> extends Error {
  override readonly name = 'RequestError';
  constructor(
    readonly kind: RequestErrorKind,
    readonly code: number,
    readonly msg: string,
    readonly data?: D,
    readonly httpStatus?: number,
  ) {
    super(msg || kind);
  }

  /** Cancelled requests (duplicate or aborted by the product) are silent. */
  get isCancelled(): boolean {
    return this.kind === 'cancelled';
  }

  /** The field the server names in `data.field` (validation errors, docs/decisions.md). */
  get field(): string | undefined {
    const data = this.data as { field?: unknown } | undefined;
    return typeof data?.field === 'string' ? data.field : undefined;
  }
}

export function isRequestError(error: unknown): error is RequestError {
  return error instanceof RequestError;
}

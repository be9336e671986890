// Getting the pay link of an order (seed 001 §8, 002 §8): 3014 "missing parameters for getting pay
// link"; any other failure is GetCommonPayUrlError "failed to get pay link", reported and rethrown.
import { isRequestError } from '../../request/utils/requestError';
import { PayErrorCode } from './payConstants';
import type { StoredPayOrder } from './payOrder';
import { payUrlPath } from './payStatus';
import type { PayLink } from './payTypes';

export type PayLinkErrorKind = 'paramsMissing' | 'failed' | 'cancelled';

export class PayLinkError extends Error {
  override readonly name = 'GetCommonPayUrlError';
  constructor(
    readonly kind: PayLinkErrorKind,
    /** The server's message, when it sent one. */
    readonly serverMsg?: string,
    override readonly cause?: unknown,
  ) {
    super(kind);
  }
}

/** No error-reporting service is wired into the shell yet: the console is the report. */
function reported(error: PayLinkError): PayLinkError {
  console.error(error, error.cause);
  return error;
}

export type PayUrlFetcher = (path: string, orderNo: string) => Promise<PayLink>;

export async function getPayLink(fetchPayUrl: PayUrlFetcher, order: Pick<StoredPayOrder, 'orderNo' | 'payUrlParams' | 'isAuth' | 'tradeFrom'> | null | undefined): Promise<PayLink> {
  if (!order?.orderNo || !order.payUrlParams) throw new PayLinkError('paramsMissing');
  try {
    return await fetchPayUrl(payUrlPath(order), order.orderNo);
  } catch (error) {
    if (isRequestError(error)) {
      if (error.isCancelled) throw new PayLinkError('cancelled', undefined, error);
      if (error.code === PayErrorCode.payLinkParamsMissing) throw new PayLinkError('paramsMissing', error.msg, error);
      throw reported(new PayLinkError('failed', error.kind === 'business' ? error.msg : undefined, error));
    }
    throw reported(new PayLinkError('failed', undefined, error));
  }
}

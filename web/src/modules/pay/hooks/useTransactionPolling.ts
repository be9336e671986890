// After a paid recharge: the transaction status every 3 s, up to 10 tries, paused while the page is
// hidden (seed 001 §4 item 5). Ends credited, failed, or "received" (polling ended without done).
import { useState } from 'react';
import { isRequestError } from '../../request/utils/requestError';
import { payApi } from '../utils/payApi';
import { PAY_TIMINGS } from '../utils/payConstants';
import { isMobileViewport } from '../utils/payDeps';
import { transactionOutcome, transactionStatusPath } from '../utils/payStatus';
import { usePoller } from './usePoller';

export type CreditState = 'idle' | 'crediting' | 'credited' | 'received' | 'creditFailed';

export function useTransactionPolling(order: { orderNo: string; isAuth: boolean } | null, active: boolean): CreditState {
  const [state, setState] = useState<{ orderNo: string | null; credit: CreditState }>({ orderNo: null, credit: 'idle' });
  const orderNo = order?.orderNo ?? null;
  const running = active && orderNo !== null;
  const current: CreditState = state.orderNo === orderNo ? state.credit : running ? 'crediting' : 'idle';
  const finish = (credit: CreditState) => setState({ orderNo, credit });

  usePoller(
    running && current === 'crediting',
    {
      intervalMs: PAY_TIMINGS.transactionPollMs,
      maxAttempts: PAY_TIMINGS.transactionPollMaxAttempts,
      check: async () => {
        if (!order) return 'stop';
        try {
          const path = transactionStatusPath({ isMobile: isMobileViewport(), isAuth: order.isAuth });
          const outcome = transactionOutcome((await payApi.transactionStatus(path, order.orderNo)).transactionStatus);
          if (outcome === 'done') finish('credited');
          else if (outcome === 'failed') finish('creditFailed');
          return outcome === 'pending' ? 'continue' : 'stop';
        } catch (error) {
          if (isRequestError(error) && error.isCancelled) return 'continue';
          // The payment itself succeeded: an unanswered check ends as "received".
          finish('received');
          return 'stop';
        }
      },
      onExhausted: () => finish('received'),
    },
    orderNo,
  );

  return current;
}

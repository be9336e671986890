// Continues an existing order (pay-notice "continue", the return from face verification): the QR
// modal on desktop, the stored order and /pay-result on mobile. Desktop returns to the order's
// redirect URL when the modal closes.
import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import { storage } from '../../storage/utils/storage';
import '../i18n';
import { browserPayDeps } from '../utils/payDeps';
import { continueWithOrder, type PaymentOutcome } from '../utils/payFlow';
import type { StoredPayOrder } from '../utils/payOrder';

export function useResumePayment() {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);

  const resume = useCallback(
    async (order: StoredPayOrder, amounts: { payAmount?: number; payCurrency?: number } = {}): Promise<PaymentOutcome> => {
      setBusy(true);
      // An explicit "continue" opens the payment app again, whatever an earlier visit left behind.
      storage.remove('pay-redirected');
      try {
        const offer = { channelType: order.channelType, transactionType: order.transactionType, ...(order.tradeFrom ? { tradeFrom: order.tradeFrom } : {}) };
        const input =
          order.businessRef && order.amount
            ? { orderType: order.orderType, businessRef: order.businessRef, amount: order.amount, redirectUrl: order.redirectUrl }
            : undefined;
        const outcome = await continueWithOrder(browserPayDeps(navigate), { order, offer, offers: [offer], input, ...amounts });
        if (outcome === 'success' || outcome === 'cancelled' || outcome === 'failed') navigate(order.redirectUrl, { replace: true });
        return outcome;
      } finally {
        setBusy(false);
      }
    },
    [navigate],
  );

  return { resume, busy };
}

// startPayment({orderType, businessRef, amount, redirectUrl}) for pages: channels → chooser (more
// than one) → order → QR modal (desktop) or /pay-result (mobile). `busy` covers the whole run.
import { useCallback, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import '../i18n';
import { browserPayDeps } from '../utils/payDeps';
import { runPayment, type PaymentOutcome } from '../utils/payFlow';
import type { StartPaymentInput } from '../utils/payTypes';

export function useStartPayment() {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const startPayment = useCallback(
    async (input: StartPaymentInput): Promise<PaymentOutcome | 'busy'> => {
      if (running.current) return 'busy';
      running.current = true;
      setBusy(true);
      try {
        return await runPayment(browserPayDeps(navigate), input);
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [navigate],
  );

  return { startPayment, busy };
}

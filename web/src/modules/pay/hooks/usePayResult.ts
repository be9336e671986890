// The pay-result flow of seed 001 §4 steps 1-5 (002 §4 "Pay-result flow"):
// 1. redirect flag or stored redirected marker → confirm view, status check after 1 s;
// 2. otherwise the pay URL of the stored order, then the payment app (redirect rules); the confirm
//    view after 3 s and when the page becomes visible again;
// 3. missing order or params → failure message and back; timeExpireTime <= 0 → back;
// 4. "completed" checks the status (the page's own checks poll every 2 s); success → recharge:
//    transaction polling, other types: success message and back; fail → failure message;
//    processing → "not paid" (only for the payer's own check); re-pay → redirect URL or home;
// 5. transaction polling every 3 s, up to 10 tries, paused while hidden.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { userState } from '../../auth/states/userState';
import { i18n } from '../../i18n/i18n';
import { isRequestError } from '../../request/utils/requestError';
import { storage } from '../../storage/utils/storage';
import { showToast } from '../../toast/states/toastState';
import '../i18n';
import { payApi } from '../utils/payApi';
import { PAY_TIMINGS, PayStatus } from '../utils/payConstants';
import { hasIllegalSign } from '../utils/payContent';
import { emitPaySuccess } from '../utils/payEvents';
import { getPayLink, PayLinkError } from '../utils/payLink';
import { clearPayOrder, markRedirected, payReturnUrl, redirectedOrderNo, updateStoredPayStatus, type StoredPayOrder } from '../utils/payOrder';
import { afterPaid, parsePayResultQuery, payResultStart, tradeOutcome, tradeStatusPath, type TradeOutcome } from '../utils/payStatus';
import { performRedirect } from '../utils/performRedirect';
import { redirectAction } from '../utils/redirectRules';
import { usePoller } from './usePoller';
import { useTransactionPolling } from './useTransactionPolling';

export type PayResultView = 'idle' | 'paying' | 'confirm' | 'done';

export type PayResultMessageKind =
  | 'success'
  | 'failed'
  | 'notPaid'
  | 'orderMissing'
  | 'payLinkMissing'
  | 'payLinkFailed'
  | 'linkExpired'
  | 'illegalSign'
  | 'redirectFailed'
  | 'crediting'
  | 'credited'
  | 'received'
  | 'creditFailed';

export interface PayResultMessage {
  kind: PayResultMessageKind;
  text: string;
}

const TEXT_KEY: Record<PayResultMessageKind, string> = {
  success: 'message.paySuccess',
  failed: 'message.payFailed',
  notPaid: 'message.notPaid',
  orderMissing: 'message.orderMissing',
  payLinkMissing: 'message.payLinkMissing',
  payLinkFailed: 'message.payLinkFailed',
  linkExpired: 'message.linkExpired',
  illegalSign: 'message.illegalSign',
  redirectFailed: 'message.redirectFailed',
  crediting: 'success.crediting',
  credited: 'success.credited',
  received: 'success.received',
  creditFailed: 'success.creditFailed',
};

export function usePayResult(search: string) {
  const [, navigate] = useLocation();
  const query = useMemo(() => parsePayResultQuery(search), [search]);
  const [view, setView] = useState<PayResultView>('idle');
  const [order, setOrder] = useState<StoredPayOrder | null>(null);
  const [message, setMessageState] = useState<PayResultMessage | null>(null);
  const [pagePoll, setPagePoll] = useState<{ active: boolean; delay: number; key: number }>({ active: false, delay: 0, key: 0 });
  const [crediting, setCrediting] = useState(false);
  const [checking, setChecking] = useState(false);
  const finished = useRef(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const later = useCallback((ms: number, run: () => void) => {
    timers.current.push(setTimeout(run, ms));
  }, []);
  const setMessage = useCallback((kind: PayResultMessageKind, text?: string) => setMessageState({ kind, text: text || i18n.t(`pay:${TEXT_KEY[kind]}`) }), []);
  /** "go back": to the order's redirect URL (same-site) or home, after the message has been read. */
  const backLater = useCallback((to: string) => later(PAY_TIMINGS.messageMs, () => navigate(to, { replace: true })), [later, navigate]);
  const startPagePolling = useCallback((delay: number) => {
    if (finished.current) return;
    setPagePoll((poll) => ({ active: true, delay, key: poll.key + 1 }));
  }, []);

  const finishPaid = useCallback(
    (paid: StoredPayOrder) => {
      updateStoredPayStatus(storage, paid.orderNo, PayStatus.success);
      emitPaySuccess({ orderNo: paid.orderNo, orderType: paid.orderType });
      if (afterPaid(paid.orderType) === 'pollTransaction') {
        setMessage('crediting');
        setCrediting(true);
        return;
      }
      clearPayOrder(storage);
      setMessage('success');
      showToast(i18n.t('pay:message.paySuccess'), 'success');
      setView('done');
      backLater(paid.redirectUrl);
    },
    [backLater, setMessage],
  );

  const applyOutcome = useCallback(
    (current: StoredPayOrder, outcome: TradeOutcome, trigger: 'page' | 'user') => {
      if (finished.current) return;
      if (outcome === 'processing') {
        if (trigger === 'user') setMessage('notPaid');
        return;
      }
      finished.current = true;
      setPagePoll((poll) => ({ ...poll, active: false }));
      if (outcome === 'success') return finishPaid(current);
      updateStoredPayStatus(storage, current.orderNo, PayStatus.fail);
      clearPayOrder(storage);
      setMessage('failed');
    },
    [finishPaid, setMessage],
  );

  const checkStatus = useCallback(async (current: StoredPayOrder): Promise<TradeOutcome> => {
    const answer = await payApi.tradeStatus(tradeStatusPath(current), current.orderNo);
    return tradeOutcome(answer.payStatus);
  }, []);

  // Steps 1-3, once per orderNo.
  useEffect(() => {
    let cancelled = false;
    finished.current = false;
    setMessageState(null);
    setCrediting(false);
    setPagePoll((poll) => ({ ...poll, active: false }));
    const start = payResultStart({
      query,
      stored: storage.get<unknown>('pay-order'),
      redirectedMarker: redirectedOrderNo(storage),
      isLoggedIn: userState.isLoggedIn,
      now: Date.now(),
    });
    const cleanups: (() => void)[] = [];

    if (start.kind === 'noOrder') setView('idle');
    else if (start.kind === 'missing') {
      setView('done');
      setMessage('orderMissing');
      backLater(start.redirectUrl);
    } else if (start.kind === 'confirm') {
      setOrder(start.order);
      setView('confirm');
      startPagePolling(PAY_TIMINGS.redirectedCheckDelayMs);
    } else {
      const current = start.order;
      setOrder(current);
      setView('paying');
      void getPayLink(payApi.payUrl, current).then(
        (link) => {
          if (cancelled) return;
          if (!(link.timeExpireTime > 0)) {
            setView('done');
            setMessage('linkExpired');
            return backLater(current.redirectUrl);
          }
          if (hasIllegalSign(link.payHtml)) {
            // Re-pay (a new order) is the payer's next step on mobile.
            setView('confirm');
            return setMessage('illegalSign');
          }
          const action = redirectAction({
            channelType: current.payUrlParams.channelType,
            transactionType: current.payUrlParams.transactionType,
            orderType: current.payUrlParams.orderType,
            payUrl: link.payUrl,
            payHtml: link.payHtml,
            returnUrl: payReturnUrl(window.location.origin, current.orderNo),
          });
          if (action.kind === 'none') {
            setView('confirm');
            return setMessage('redirectFailed');
          }
          markRedirected(storage, current.orderNo);
          later(PAY_TIMINGS.confirmViewDelayMs, () => setView((v) => (v === 'paying' ? 'confirm' : v)));
          const onBack = () => {
            if (document.visibilityState !== 'visible') return;
            setView((v) => (v === 'paying' ? 'confirm' : v));
            startPagePolling(0);
          };
          document.addEventListener('visibilitychange', onBack);
          window.addEventListener('pageshow', onBack);
          cleanups.push(() => {
            document.removeEventListener('visibilitychange', onBack);
            window.removeEventListener('pageshow', onBack);
          });
          if (!performRedirect(action)) {
            setView('confirm');
            setMessage('redirectFailed');
          }
        },
        (error: unknown) => {
          if (cancelled || (error instanceof PayLinkError && error.kind === 'cancelled')) return;
          if (error instanceof PayLinkError && error.kind === 'paramsMissing') {
            setView('done');
            setMessage('payLinkMissing', error.serverMsg);
            return backLater(current.redirectUrl);
          }
          // "invalid parameter or parse failure falls back to the confirm view".
          setView('confirm');
          setMessage('payLinkFailed', error instanceof PayLinkError ? error.serverMsg : undefined);
        },
      );
    }
    return () => {
      cancelled = true;
      cleanups.forEach((cleanup) => cleanup());
      timers.current.forEach(clearTimeout);
      timers.current = [];
    };
    // One run per order (the query object changes with every search string).
  }, [query.orderNo, query.redirect]);

  // The page's own status checks: after 1 s (or on return), then every 2 s until a final answer.
  usePoller(
    pagePoll.active && order !== null,
    {
      intervalMs: PAY_TIMINGS.tradeStatusPollMs,
      initialDelayMs: pagePoll.delay,
      maxAttempts: PAY_TIMINGS.pageStatusPollMaxAttempts,
      check: async () => {
        if (!order || finished.current) return 'stop';
        try {
          const outcome = await checkStatus(order);
          applyOutcome(order, outcome, 'page');
          return outcome === 'processing' ? 'continue' : 'stop';
        } catch (error) {
          return isRequestError(error) && error.kind === 'auth' ? 'stop' : 'continue';
        }
      },
      onExhausted: () => setPagePoll((poll) => ({ ...poll, active: false })),
    },
    pagePoll.key,
  );

  // Step 5: crediting of a paid recharge.
  const credit = useTransactionPolling(order ? { orderNo: order.orderNo, isAuth: order.isAuth } : null, crediting);
  useEffect(() => {
    if (!crediting || !order || credit === 'crediting' || credit === 'idle') return;
    setCrediting(false);
    clearPayOrder(storage);
    setMessage(credit);
    setView('done');
    if (credit !== 'creditFailed') {
      showToast(i18n.t(`pay:${TEXT_KEY[credit]}`), 'success');
      backLater(order.redirectUrl);
    }
  }, [credit, crediting, order, backLater, setMessage]);

  /** "completed": the payer's own check; processing answers "not paid". */
  const complete = useCallback(async () => {
    if (!order || checking) return;
    setChecking(true);
    try {
      applyOutcome(order, await checkStatus(order), 'user');
    } catch (error) {
      if (isRequestError(error) && !error.isCancelled && error.kind !== 'auth') showToast(error.msg);
    } finally {
      setChecking(false);
    }
  }, [order, checking, applyOutcome, checkStatus]);

  /** "Re-pay goes back to the redirect URL or home" (a new order is made there). */
  const repay = useCallback(() => {
    clearPayOrder(storage);
    navigate(order?.redirectUrl ?? query.redirectUrl, { replace: true });
  }, [order, query.redirectUrl, navigate]);

  return {
    orderNo: query.orderNo,
    view,
    message,
    checking: checking || (pagePoll.active && !finished.current),
    crediting,
    complete,
    repay,
  };
}

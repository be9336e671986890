// The desktop payment modal (seed 001 §4 items 7-8, 002 §4 "Payment"): the pay link as a QR code
// (or a form in an iframe), the order status every 2 s until success or fail, re-apply (a new order)
// on an expired code or an illegal-signature page, and "cannot pay" on recharge orders of channel 2.
import { DialogTitle } from '@headlessui/react';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/icons';
import { Modal } from '../../../ui/Modal';
import { showToast } from '../../toast/states/toastState';
import { usePoller } from '../hooks/usePoller';
import '../i18n';
import { openPaySuccess, paymentModalState, settlePaymentModal } from '../states/payModalState';
import { canShowCannotPay, fallbackOffer } from '../utils/channels';
import { payApi } from '../utils/payApi';
import { PAY_TIMINGS } from '../utils/payConstants';
import { hasIllegalSign } from '../utils/payContent';
import { browserPayDeps } from '../utils/payDeps';
import { emitPaySuccess } from '../utils/payEvents';
import { createOrder, type PaymentSession } from '../utils/payFlow';
import { getPayLink, PayLinkError } from '../utils/payLink';
import { formatMoney } from '../utils/payMoney';
import { tradeOutcome, tradeStatusPath } from '../utils/payStatus';
import type { ChannelOffer } from '../utils/payTypes';
import { formatCountdown, initialQrState, qrReducer, qrSecondsLeft, type QrEvent, type QrState } from '../utils/qrState';
import { PayFrame } from './PayFrame';
import { PayQrCode } from './PayQrCode';

type Phase = 'pay' | 'failed' | 'illegalSign';

function linkErrorMessage(error: PayLinkError, t: (key: string) => string): string {
  if (error.kind === 'paramsMissing') return t('message.payLinkMissing');
  return error.serverMsg || t('message.payLinkFailed');
}

function PaymentBody({ initial, onClose }: { initial: PaymentSession; onClose: (failed: boolean) => void }) {
  const { t } = useTranslation(['pay', 'common']);
  const [, navigate] = useLocation();
  const [session, setSession] = useState(initial);
  const [qr, dispatch] = useReducer((state: QrState, event: QrEvent) => qrReducer(state, event), initialQrState);
  const [payHtml, setPayHtml] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('pay');
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  /** The first illegal-signature page is re-applied by itself; a second one waits for the payer. */
  const autoReapplied = useRef(false);
  const { order, offer, offers } = session;

  const reapply = useCallback(
    async (next: ChannelOffer) => {
      if (!session.input) {
        // A resumed order without its request cannot be re-created here: back to where it came from.
        onClose(false);
        navigate(session.order.redirectUrl);
        return;
      }
      setBusy(true);
      dispatch({ type: 'reset' });
      setPayHtml(null);
      const created = await createOrder(browserPayDeps(navigate), session.input, next);
      setBusy(false);
      if (created.kind === 'created') {
        setPhase('pay');
        setSession({ ...session, order: created.stored, offer: next, payAmount: created.order.payAmount, payCurrency: created.order.payCurrency });
      } else dispatch({ type: 'linkFailed' });
    },
    [session, navigate, onClose],
  );

  // The pay link of the current order.
  useEffect(() => {
    let cancelled = false;
    dispatch({ type: 'reset' });
    setPayHtml(null);
    getPayLink(payApi.payUrl, order).then(
      (link) => {
        if (cancelled) return;
        if (hasIllegalSign(link.payHtml)) {
          showToast(t('message.illegalSign'));
          if (autoReapplied.current) setPhase('illegalSign');
          else {
            autoReapplied.current = true;
            void reapply(offer);
          }
          return;
        }
        if (!link.payUrl && link.payHtml) {
          if (link.timeExpireTime > 0) setPayHtml(link.payHtml);
          else dispatch({ type: 'linkFailed' });
          return;
        }
        const at = Date.now();
        setNow(at);
        dispatch({ type: 'received', payUrl: link.payUrl, timeExpireTime: link.timeExpireTime, now: at });
      },
      (error: unknown) => {
        if (cancelled || (error instanceof PayLinkError && error.kind === 'cancelled')) return;
        dispatch({ type: 'linkFailed' });
        showToast(error instanceof PayLinkError ? linkErrorMessage(error, t) : t('message.payLinkFailed'));
      },
    );
    return () => {
      cancelled = true;
    };
    // Only a new order fetches a new link (reapply and t are read when the answer comes).
  }, [order.orderNo]);

  // The countdown.
  useEffect(() => {
    if (qr.status !== 'active') return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      dispatch({ type: 'tick', now: at });
    }, 1000);
    return () => clearInterval(timer);
  }, [qr.status]);

  // The order status every 2 s while the code (or the form) can be paid.
  usePoller(
    phase === 'pay' && !busy && (qr.status === 'active' || payHtml !== null),
    {
      intervalMs: PAY_TIMINGS.tradeStatusPollMs,
      check: async () => {
        const answer = await payApi.tradeStatus(tradeStatusPath(order), order.orderNo);
        const outcome = tradeOutcome(answer.payStatus);
        if (outcome === 'success') {
          settlePaymentModal('success');
          openPaySuccess({ orderNo: order.orderNo, orderType: order.orderType, isAuth: order.isAuth });
          emitPaySuccess({ orderNo: order.orderNo, orderType: order.orderType });
          return 'stop';
        }
        if (outcome === 'failed') {
          // The server closes an unpaid order when its time is up: that is an expired code, not a failure.
          if (qr.status === 'active' && qrSecondsLeft(qr, Date.now()) <= PAY_TIMINGS.qrExpiryMarginSeconds + 2) dispatch({ type: 'linkFailed' });
          else setPhase('failed');
          return 'stop';
        }
        return 'continue';
      },
    },
    order.orderNo,
  );

  const amount = session.payAmount !== undefined ? formatMoney(session.payAmount, session.payCurrency) : undefined;
  const fallback = canShowCannotPay(order.orderType, offer, offers) ? fallbackOffer(offers, offer) : undefined;
  const wallet = t(`wallet.${offer.transactionType}`, { defaultValue: '' });

  if (phase === 'failed')
    return (
      <div data-testid="pay-failed" className="flex flex-col items-center gap-4 py-4 text-center">
        <DialogTitle className="sr-only">{t('modal.failed')}</DialogTitle>
        <span className="flex size-14 items-center justify-center rounded-full bg-danger-soft text-danger">
          <Icon name="close" size={28} />
        </span>
        <p className="text-lg font-semibold">{t('modal.failed')}</p>
        <p className="text-sm text-muted">{t('modal.failedText')}</p>
        <div className="flex gap-3">
          <Button variant="secondary" onClick={() => onClose(true)}>
            {t('common:close')}
          </Button>
          <Button data-testid="pay-again" loading={busy} onClick={() => void reapply(offer)}>
            {t('modal.payAgain')}
          </Button>
        </div>
      </div>
    );

  return (
    <div className="flex flex-col items-center gap-4 text-center" data-testid="pay-modal-body" data-order-no={order.orderNo}>
      <DialogTitle className="self-start text-xl font-semibold text-ink">{payHtml !== null ? t('modal.formTitle') : t('modal.title')}</DialogTitle>
      {amount && (
        <p className="text-sm text-muted">
          {t('modal.amount')} <span className="text-2xl font-semibold text-ink">{amount}</span>
        </p>
      )}
      {phase === 'illegalSign' ? (
        <div className="flex flex-col items-center gap-3" data-testid="pay-illegal-sign">
          <p className="text-sm text-danger">{t('modal.illegalSign')}</p>
          <Button loading={busy} onClick={() => void reapply(offer)}>
            {t('modal.retry')}
          </Button>
        </div>
      ) : payHtml !== null ? (
        <PayFrame html={payHtml} />
      ) : (
        <>
          <PayQrCode qr={qr} onImageError={() => dispatch({ type: 'imageError' })} onRefresh={() => !busy && void reapply(offer)} />
          {qr.status === 'active' && (
            <>
              <p className="text-sm text-ink">{t('modal.scanWith', { wallet })}</p>
              <p className="text-xs text-muted" data-testid="pay-qr-countdown">
                {t('modal.expiresIn', { time: formatCountdown(qrSecondsLeft(qr, now)) })}
              </p>
            </>
          )}
        </>
      )}
      <p className="text-xs text-muted">{t('modal.waiting')}</p>
      <p className="font-mono text-xs text-muted">{t('modal.orderNo', { orderNo: order.orderNo })}</p>
      {fallback && (
        <button type="button" data-testid="pay-cannot-pay" disabled={busy} onClick={() => void reapply(fallback)} className="text-sm text-brand-600 hover:underline disabled:opacity-50">
          {t('modal.cannotPay')}
        </button>
      )}
    </div>
  );
}

export function PaymentModal() {
  const { t } = useTranslation(['pay', 'common']);
  const { open, id, session } = useSnapshot(paymentModalState);
  const current = session as PaymentSession | null;
  const close = (failed: boolean) => settlePaymentModal(failed ? 'failed' : 'cancelled');
  return (
    <Modal open={open} onClose={() => close(false)} testId="pay-modal" closeLabel={t('common:close')}>
      {current && open && <PaymentBody key={id} initial={current} onClose={close} />}
    </Modal>
  );
}

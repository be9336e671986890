// /pay-face-verify-result?orderNo=…: the return target of face verification for a recharge (seed
// 001 §2, §8 code 2112): GET /v1/pay/identityStatus (processing asked again every 2 s, 5 times),
// then POST /v1/pay/rechargeIdentity {orderNo} and the payment continues.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { storage } from '../modules/storage/utils/storage';
import { usePoller } from '../modules/pay/hooks/usePoller';
import { useResumePayment } from '../modules/pay/hooks/useResumePayment';
import '../modules/pay/i18n';
import { payApi } from '../modules/pay/utils/payApi';
import { PAY_TIMINGS } from '../modules/pay/utils/payConstants';
import { loadPayOrder, parseStoredPayOrder, safeRedirectUrl, type StoredPayOrder } from '../modules/pay/utils/payOrder';
import { isRequestError } from '../modules/request/utils/requestError';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { PageFrame } from './PageFrame';

/** Face-verify status (001 §3): 0 processing, 1 success, 2 failure. */
const FaceStatus = { processing: 0, success: 1, failure: 2 } as const;

type FaceState = 'checking' | 'passed' | 'notDetected' | 'failed' | 'orderMissing';

export function PayFaceVerifyResultPage() {
  const { t } = useTranslation('pay');
  const orderNo = new URLSearchParams(useSearch()).get('orderNo')?.trim() || null;
  const [state, setState] = useState<FaceState>('checking');
  const [attempt, setAttempt] = useState(0);
  const { resume } = useResumePayment();
  const stored = loadPayOrder(storage);
  const backTo = safeRedirectUrl(stored?.orderNo === orderNo ? stored?.redirectUrl : undefined);

  const continuePayment = async () => {
    if (!orderNo) return;
    const answer = await payApi.rechargeIdentity(orderNo);
    const local = loadPayOrder(storage);
    const fromAnswer = answer
      ? parseStoredPayOrder({
          orderNo,
          orderType: answer.orderType,
          payStatus: 0,
          redirectUrl: '/',
          payUrlParams: { channelType: answer.channelType, transactionType: answer.transactionType, orderType: answer.orderType },
          isAuth: true,
        })
      : null;
    const order: StoredPayOrder | null = local?.orderNo === orderNo ? local : fromAnswer;
    if (!order) return setState('orderMissing');
    setState('passed');
    await resume(order, { payAmount: answer?.payAmount, payCurrency: answer?.payCurrency });
  };

  usePoller(
    orderNo !== null && state === 'checking',
    {
      intervalMs: PAY_TIMINGS.faceStatusPollMs,
      initialDelayMs: 0,
      maxAttempts: PAY_TIMINGS.faceStatusPollMaxAttempts,
      check: async () => {
        try {
          const { status } = await payApi.identityStatus();
          if (status === FaceStatus.success) {
            await continuePayment();
            return 'stop';
          }
          if (status === FaceStatus.failure) {
            setState('failed');
            return 'stop';
          }
          return 'continue';
        } catch (error) {
          if (isRequestError(error) && error.isCancelled) return 'continue';
          setState('failed');
          return 'stop';
        }
      },
      onExhausted: () => setState('notDetected'),
    },
    attempt,
  );

  const text = !orderNo ? t('face.noOrder') : state === 'orderMissing' ? t('message.orderMissing') : t(`face.${state}`);
  return (
    <PageFrame title={t('face.title')} testId="pay-face-verify-page">
      <div className="flex flex-col items-center gap-4 rounded-card bg-surface p-8 text-center shadow-card">
        {orderNo && (state === 'checking' || state === 'passed') && (
          <span className="text-brand-600">
            <Spinner size="lg" />
          </span>
        )}
        <p data-testid="pay-face-verify-message" data-state={orderNo ? state : 'noOrder'} className="text-sm text-ink-soft">
          {text}
        </p>
        {orderNo && (state === 'notDetected' || state === 'failed') && (
          <Button
            data-testid="pay-face-verify-retry"
            onClick={() => {
              setState('checking');
              setAttempt((n) => n + 1);
            }}
          >
            {t('face.retry')}
          </Button>
        )}
        {state !== 'checking' && state !== 'passed' && (
          <Link href={backTo} className="text-sm text-brand-600 hover:underline">
            {t('face.back')}
          </Link>
        )}
      </div>
    </PageFrame>
  );
}

// The QR code of a pay URL (seed 001 §4 item 8): loading, active, expired (tap to refresh). The QR
// library is a lazy chunk. `data-pay-url` exposes the raw URL for browser tests.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../ui/icons';
import { Spinner } from '../../../ui/Spinner';
import { QR_DEFAULT_SIZE } from '../utils/payConstants';
import type { QrState } from '../utils/qrState';

export type PayQrCodeProps = {
  qr: QrState;
  size?: number;
  onImageError: () => void;
  onRefresh: () => void;
};

function QrImage({ text, size, onError }: { text: string; size: number; onError: () => void }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(text, { width: size * 2, margin: 1, errorCorrectionLevel: 'M' }))
      .then(
        (url) => !cancelled && setSrc(url),
        () => !cancelled && onError(),
      );
    return () => {
      cancelled = true;
    };
    // A new image only for new text or size; onError may change identity on every render.
  }, [text, size]);
  if (!src)
    return (
      <span className="text-brand-600">
        <Spinner />
      </span>
    );
  return <img src={src} alt="" width={size} height={size} onError={onError} className="block" data-testid="pay-qr-image" />;
}

export function PayQrCode({ qr, size = QR_DEFAULT_SIZE, onImageError, onRefresh }: PayQrCodeProps) {
  const { t } = useTranslation('pay');
  return (
    <div
      data-testid="pay-qr"
      data-pay-url={qr.payUrl ?? ''}
      data-state={qr.status}
      className="relative flex items-center justify-center overflow-hidden rounded-lg border border-line bg-surface"
      style={{ width: size + 16, height: size + 16 }}
    >
      {qr.status === 'loading' && (
        <span className="flex flex-col items-center gap-2 text-xs text-muted">
          <span className="text-brand-600">
            <Spinner />
          </span>
          {t('modal.loading')}
        </span>
      )}
      {qr.status !== 'loading' && qr.payUrl && <QrImage key={qr.payUrl} text={qr.payUrl} size={size} onError={onImageError} />}
      {qr.status === 'expired' && (
        <button
          type="button"
          data-testid="pay-qr-expired"
          onClick={onRefresh}
          className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-surface/90 text-sm text-ink"
        >
          <Icon name="refresh" size={28} />
          <span className="font-medium">{t('modal.expired')}</span>
          <span className="text-xs text-brand-600">{t('modal.tapToRefresh')}</span>
        </button>
      )}
    </div>
  );
}

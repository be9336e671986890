// A payment form (payHtml) in an iframe with a loading cover of up to 10 s (seed 001 §4 item 7).
// The frame is sandboxed without allow-same-origin: the provider's HTML runs in an opaque origin
// and cannot read the site's storage (the session token).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../ui/Spinner';
import { PAY_TIMINGS } from '../utils/payConstants';

export function PayFrame({ html }: { html: string }) {
  const { t } = useTranslation('pay');
  const [covered, setCovered] = useState(true);
  const loads = useRef(0);

  useEffect(() => {
    loads.current = 0;
    setCovered(true);
    const timer = setTimeout(() => setCovered(false), PAY_TIMINGS.frameCoverMs);
    return () => clearTimeout(timer);
  }, [html]);

  return (
    <div className="relative h-[520px] w-full overflow-hidden rounded-lg border border-line bg-surface">
      <iframe
        title={t('modal.formTitle')}
        data-testid="pay-frame"
        srcDoc={html}
        sandbox="allow-forms allow-scripts allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        // The first load is the form itself; the second is the provider's page the form went to.
        onLoad={() => {
          loads.current += 1;
          if (loads.current >= 2) setCovered(false);
        }}
        className="h-full w-full"
      />
      {covered && (
        <div data-testid="pay-frame-loading" className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-surface text-sm text-muted">
          <span className="text-brand-600">
            <Spinner size="lg" />
          </span>
          {t('modal.frameLoading')}
        </div>
      )}
    </div>
  );
}

// The slide puzzle: drag the piece horizontally onto the gap (pointer events: mouse and touch).
import type { CaptchaPuzzle } from '@aipay/contracts';
import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../ui/icons';
import { Spinner } from '../../../ui/Spinner';
import { isRequestError } from '../../request/utils/requestError';
import { showToast } from '../../toast/states/toastState';
import { CAPTCHA_SLIDE_FAILED, fetchPuzzle, verifyCaptcha } from '../utils/captchaApi';
import { addSample, pieceXFromDrag } from '../utils/track';

export type SlideCaptchaProps = {
  onPass: (captchaVerifyParam: string) => void;
  /** A captcha business error other than a missed slide: the caller hides the captcha. */
  onFail: () => void;
};

type Drag = { startClientX: number; startTime: number; track: [number, number][]; displayWidth: number };

export function SlideCaptcha({ onPass, onFail }: SlideCaptchaProps) {
  const { t } = useTranslation('captcha');
  const [puzzle, setPuzzle] = useState<CaptchaPuzzle | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'verifying' | 'error'>('loading');
  const [x, setX] = useState(0);
  const drag = useRef<Drag | null>(null);
  const trackRef = useRef<HTMLDivElement>(null);

  const load = useCallback(() => {
    setStatus('loading');
    setX(0);
    fetchPuzzle()
      .then((next) => {
        setPuzzle(next);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (isRequestError(error) && error.isCancelled) return;
        setStatus('error');
      });
  }, []);

  useEffect(load, [load]);

  // A puzzle that expires unused is replaced.
  useEffect(() => {
    if (!puzzle || status !== 'ready') return;
    const timer = setTimeout(load, Math.max(puzzle.expiresInSeconds - 5, 5) * 1000);
    return () => clearTimeout(timer);
  }, [puzzle, status, load]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (status !== 'ready' || !puzzle || !trackRef.current) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      startClientX: event.clientX,
      startTime: performance.now(),
      track: [[0, 0]],
      displayWidth: trackRef.current.getBoundingClientRect().width,
    };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || !puzzle) return;
    const next = pieceXFromDrag(event.clientX - d.startClientX, d.displayWidth, puzzle.width, puzzle.pieceSize);
    d.track = addSample(d.track, next, performance.now() - d.startTime);
    setX(next);
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    drag.current = null;
    if (!d || !puzzle) return;
    const finalX = pieceXFromDrag(event.clientX - d.startClientX, d.displayWidth, puzzle.width, puzzle.pieceSize);
    const durationMs = Math.round(performance.now() - d.startTime);
    if (finalX <= 0) return setX(0);
    const track: [number, number][] = [...d.track, [finalX, durationMs]];
    setStatus('verifying');
    verifyCaptcha({ captchaId: puzzle.captchaId, x: finalX, durationMs, track })
      .then(({ captchaVerifyParam }) => onPass(captchaVerifyParam))
      .catch((error: unknown) => {
        if (isRequestError(error) && error.code === CAPTCHA_SLIDE_FAILED) return load(); // seed 000 §8: no message
        showToast(isRequestError(error) && error.msg ? error.msg : t('failed'));
        onFail();
      });
  };

  if (status === 'error')
    return (
      <div className="flex flex-col items-center gap-3 py-8 text-sm text-muted" data-testid="captcha-error">
        <p>{t('initFailed')}</p>
        <button type="button" className="inline-flex items-center gap-1 text-brand-600" onClick={load}>
          <Icon name="refresh" size={16} /> {t('retry')}
        </button>
      </div>
    );

  const pct = (value: number) => (puzzle ? `${(value / puzzle.width) * 100}%` : '0');

  return (
    <div className="mx-auto flex w-full max-w-[320px] flex-col gap-3 select-none" data-testid="captcha">
      <div
        className="relative w-full overflow-hidden rounded-lg bg-canvas"
        style={{ aspectRatio: puzzle ? `${puzzle.width} / ${puzzle.height}` : '2 / 1' }}
      >
        {puzzle ? (
          <>
            <img src={puzzle.background} alt="" draggable={false} className="absolute inset-0 h-full w-full" />
            <img
              src={puzzle.piece}
              alt=""
              draggable={false}
              data-testid="captcha-piece"
              className="absolute drop-shadow"
              style={{ left: pct(x), top: `${(puzzle.pieceY / puzzle.height) * 100}%`, width: pct(puzzle.pieceSize) }}
            />
          </>
        ) : null}
        {status !== 'ready' && (
          <div className="absolute inset-0 flex items-center justify-center bg-surface/60 text-brand-600">
            <Spinner />
          </div>
        )}
      </div>
      <div ref={trackRef} data-testid="captcha-track" className="relative h-11 w-full rounded-lg border border-line bg-canvas">
        <div className="absolute inset-y-0 left-0 rounded-lg bg-brand-100" style={{ width: pct(x + (puzzle?.pieceSize ?? 0)) }} />
        <span className="pointer-events-none absolute inset-0 flex items-center justify-center pl-12 text-xs text-muted">{t('hint')}</span>
        <div
          role="slider"
          aria-label={t('handle')}
          aria-valuemin={0}
          aria-valuemax={puzzle ? puzzle.width - puzzle.pieceSize : 0}
          aria-valuenow={x}
          tabIndex={0}
          data-testid="captcha-handle"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            drag.current = null;
            setX(0);
          }}
          className="absolute inset-y-0 flex touch-none items-center justify-center rounded-lg bg-brand-600 text-surface shadow-card active:bg-brand-700"
          style={{ left: pct(x), width: puzzle ? pct(puzzle.pieceSize) : '44px', minWidth: '44px' }}
        >
          <Icon name="arrowRight" size={18} />
        </div>
      </div>
    </div>
  );
}

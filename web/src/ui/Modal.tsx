// A dialog on headlessui: full screen on mobile, a 560-wide card from 720 px (seed 000 §9).
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { CSSProperties, ReactNode } from 'react';
import { Icon } from './icons';

export type ModalProps = {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  children: ReactNode;
  /** A forced modal has no close button and ignores outside clicks and Escape. */
  closable?: boolean;
  /** Small centred dialog (confirmations) instead of full screen on mobile. */
  compact?: boolean;
  testId?: string;
  closeLabel?: string;
  /** Extra panel style, e.g. a computed max width. */
  panelStyle?: CSSProperties;
};

export function Modal({ open, onClose, title, children, closable = true, compact = false, testId, closeLabel = 'Close', panelStyle }: ModalProps) {
  return (
    <Dialog open={open} onClose={closable ? onClose : () => undefined} className="relative z-50">
      <div className="fixed inset-0 bg-overlay" aria-hidden />
      <div className={`fixed inset-0 flex overflow-y-auto ${compact ? 'items-center justify-center p-4' : 'desk:items-center desk:justify-center desk:p-4'}`}>
        <DialogPanel
          data-testid={testId}
          style={panelStyle}
          className={`relative w-full bg-surface shadow-card ${compact ? 'max-w-sm rounded-card p-6' : 'min-h-full p-5 pt-14 desk:min-h-0 desk:max-w-modal desk:rounded-card desk:p-8'}`}
        >
          {closable && (
            <button
              type="button"
              aria-label={closeLabel}
              data-testid={testId ? `${testId}-close` : undefined}
              onClick={onClose}
              className="absolute top-3 right-3 rounded-full p-2 text-muted hover:bg-canvas hover:text-ink"
            >
              <Icon name="close" size={20} />
            </button>
          )}
          {title && <DialogTitle className="mb-5 text-xl font-semibold text-ink">{title}</DialogTitle>}
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

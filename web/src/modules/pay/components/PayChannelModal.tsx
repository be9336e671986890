// The channel chooser (seed 001 §4 item 9): shown only when more than one channel fits; width 320
// plus 320 per extra channel, at most 560.
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Modal } from '../../../ui/Modal';
import '../i18n';
import { payChooserState, settleChooser } from '../states/payModalState';
import { channelTestId, chooserWidth } from '../utils/channels';
import type { ChannelOffer } from '../utils/payTypes';
import { WalletBadge } from './WalletBadge';

export function PayChannelModal() {
  const { t } = useTranslation(['pay', 'common']);
  const { open, offers } = useSnapshot(payChooserState);
  const list = offers as readonly ChannelOffer[];
  return (
    <Modal
      open={open}
      onClose={() => settleChooser(null)}
      compact
      title={t('chooser.title')}
      testId="pay-channel-modal"
      closeLabel={t('common:close')}
      panelStyle={{ maxWidth: chooserWidth(list.length) }}
    >
      <div className={`grid gap-3 ${list.length > 1 ? 'desk:grid-cols-2' : ''}`}>
        {list.map((offer) => (
          <button
            key={`${offer.channelType}-${offer.transactionType}`}
            type="button"
            data-testid={channelTestId(offer)}
            disabled={offer.disabled}
            onClick={() => settleChooser({ ...offer })}
            className="flex items-center gap-3 rounded-lg border border-line p-3 text-left transition-colors hover:border-brand-500 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50"
          >
            <WalletBadge transactionType={offer.transactionType} img={offer.img} />
            <span className="flex min-w-0 flex-col">
              <span className="text-sm font-medium text-ink">{offer.name ?? t(`wallet.${offer.transactionType}`, { defaultValue: String(offer.transactionType) })}</span>
              <span className="truncate text-xs text-muted">
                {t(`channel.${offer.channelType}`, { defaultValue: String(offer.channelType) })}
                {offer.isDefault ? ` · ${t('chooser.recommended')}` : ''}
                {offer.disabled ? ` · ${t('chooser.disabled')}` : ''}
              </span>
            </span>
          </button>
        ))}
      </div>
    </Modal>
  );
}

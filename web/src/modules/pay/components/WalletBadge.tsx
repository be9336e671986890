// The wallet's mark in the chooser: the channel's image when the server sends one, else a letter badge.
import { useTranslation } from 'react-i18next';
import { TransactionType } from '../utils/payConstants';

const TONE: Record<number, string> = {
  [TransactionType.alipay]: 'bg-[#1677ff]',
  [TransactionType.wechat]: 'bg-[#07c160]',
  [TransactionType.union]: 'bg-[#d7000f]',
  [TransactionType.alipayHK]: 'bg-[#0e6fdc]',
};

export function WalletBadge({ transactionType, img }: { transactionType: number; img?: string }) {
  const { t } = useTranslation('pay');
  if (img) return <img src={img} alt="" width={36} height={36} className="size-9 rounded-lg object-contain" />;
  return (
    <span aria-hidden className={`flex size-9 shrink-0 items-center justify-center rounded-lg text-sm font-semibold text-surface ${TONE[transactionType] ?? 'bg-muted'}`}>
      {t(`walletShort.${transactionType}`, { defaultValue: '¥' })}
    </span>
  );
}

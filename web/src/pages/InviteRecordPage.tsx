// /invite-record (login required): the invite code and share link; records come with the referrals module.
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { userState } from '../modules/auth/states/userState';
import { Button } from '../ui/Button';
import { copyText } from '../utils/clipboard';
import { PageFrame } from './PageFrame';

export function InviteRecordPage() {
  const { t } = useTranslation('pages');
  const { userInfo } = useSnapshot(userState);
  const code = userInfo?.inviteCode ?? '';
  const link = code ? `${window.location.origin}/i/${code}` : '';
  return (
    <PageFrame title={t('inviteRecord.title')} testId="invite-record-page">
      <div className="grid gap-4 rounded-card bg-surface p-5 shadow-card desk:grid-cols-[auto_1fr_auto] desk:items-center">
        <div>
          <p className="text-xs text-muted">{t('inviteRecord.code')}</p>
          <p className="text-2xl font-semibold tracking-widest" data-testid="invite-code">
            {code || '—'}
          </p>
        </div>
        <div className="min-w-0">
          <p className="text-xs text-muted">{t('inviteRecord.link')}</p>
          <p className="truncate text-sm">{link || '—'}</p>
        </div>
        <Button variant="secondary" disabled={!link} onClick={() => void copyText(link)} data-testid="invite-copy">
          {t('inviteRecord.copy')}
        </Button>
      </div>
      <p className="rounded-card border border-dashed border-line p-8 text-center text-sm text-muted">{t('inviteRecord.empty')}</p>
    </PageFrame>
  );
}

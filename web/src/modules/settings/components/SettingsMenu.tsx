// The settings dropdown of the header (seed 000 §2).
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { SUPPORT_EMAIL } from '../../../config';
import { Icon, type IconName } from '../../../ui/icons';
import { modalState } from '../../auth/states/modalState';
import { userState } from '../../auth/states/userState';
import { openPayPassword } from '../../pay-password/states/payPasswordState';

type Item = { id: string; icon: IconName; label: string; onSelect?: () => void; href?: string };

export function SettingsMenu() {
  const { t } = useTranslation('settings');
  const { userInfo } = useSnapshot(userState);

  const items: Item[] = [
    { id: 'modify-phone', icon: 'phone', label: t('modifyPhone'), onSelect: () => (modalState.modifyPhone = true) },
    { id: 'modify-password', icon: 'lock', label: t('modifyPassword'), onSelect: () => (modalState.changePassword = true) },
    { id: 'contact-us', icon: 'mail', label: t('contactUs'), href: `mailto:${SUPPORT_EMAIL}` },
    { id: 'change-email', icon: 'mail', label: t(userInfo?.email ? 'changeEmail' : 'bindEmail'), onSelect: () => (modalState.changeEmail = true) },
    {
      id: 'pay-password',
      icon: 'shield',
      label: t(userInfo?.existPayPassword ? 'modifyPayPassword' : 'setPayPassword'),
      onSelect: () => openPayPassword(userInfo?.existPayPassword ? 'modify' : 'set'),
    },
    { id: 'complaint', icon: 'message', label: t('complaint'), onSelect: () => (modalState.complaint = true) },
    { id: 'logout', icon: 'logout', label: t('logout'), onSelect: () => (modalState.logoutConfirm = true) },
  ];

  return (
    <Menu as="div" className="relative">
      <MenuButton
        data-testid="settings-menu"
        aria-label={t('menu')}
        className="flex size-9 items-center justify-center rounded-full text-ink-soft hover:bg-brand-50 hover:text-brand-700 data-open:bg-brand-50"
      >
        <Icon name="settings" size={20} />
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 mt-2 w-64 rounded-card border border-line bg-surface p-1 shadow-card focus:outline-none"
      >
        {userInfo && (
          <div className="border-b border-line px-3 py-2 text-xs text-muted" data-testid="settings-account">
            {userInfo.mobile ?? userInfo.email}
          </div>
        )}
        {items.map((item) => (
          <MenuItem key={item.id}>
            {item.href ? (
              <a
                href={item.href}
                data-testid={`settings-${item.id}`}
                className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm text-ink-soft data-focus:bg-brand-50 data-focus:text-brand-700"
              >
                <Icon name={item.icon} size={18} /> {item.label}
              </a>
            ) : (
              <button
                type="button"
                data-testid={`settings-${item.id}`}
                onClick={item.onSelect}
                className={`flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm data-focus:bg-brand-50 ${item.id === 'logout' ? 'text-danger' : 'text-ink-soft data-focus:text-brand-700'}`}
              >
                <Icon name={item.icon} size={18} /> {item.label}
              </button>
            )}
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}

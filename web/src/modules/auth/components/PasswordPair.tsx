// New password plus confirmation inputs.
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../ui/TextField';

export type PasswordPairProps = {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  errors: { password?: string; confirm?: string };
  testIdPrefix: string;
};

export function PasswordPair({ password, confirm, onPassword, onConfirm, errors, testIdPrefix }: PasswordPairProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <TextField
        label={t('newPassword')}
        placeholder={t('newPasswordPlaceholder')}
        type="password"
        autoComplete="new-password"
        maxLength={50}
        value={password}
        error={errors.password}
        data-testid={`${testIdPrefix}-password`}
        onValueChange={onPassword}
      />
      <TextField
        label={t('confirmPassword')}
        placeholder={t('confirmPlaceholder')}
        type="password"
        autoComplete="new-password"
        maxLength={50}
        value={confirm}
        error={errors.confirm}
        data-testid={`${testIdPrefix}-confirm`}
        onValueChange={onConfirm}
      />
    </>
  );
}

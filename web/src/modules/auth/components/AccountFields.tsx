// Phone (with area code) or e-mail input, shared by the account forms.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../ui/TextField';
import { AREA_CODES, sanitizePhoneInput, type AreaCode } from '../utils/validation';

export type AreaCodeSelectProps = { value: AreaCode; onChange: (value: AreaCode) => void; testId?: string };

export function AreaCodeSelect({ value, onChange, testId = 'area-code' }: AreaCodeSelectProps) {
  const { t } = useTranslation('auth');
  return (
    <select
      aria-label={t('areaCode')}
      data-testid={testId}
      value={value}
      onChange={(event) => onChange(Number(event.target.value) as AreaCode)}
      className="h-full max-w-24 bg-transparent pr-1 text-sm text-ink-soft outline-none"
    >
      {AREA_CODES.map((code) => (
        <option key={code} value={code} title={t(`area.${code}`)}>
          {`+${code}`}
        </option>
      ))}
    </select>
  );
}

export type PhoneFieldProps = {
  areaCode: AreaCode;
  phone: string;
  onAreaCode: (value: AreaCode) => void;
  onPhone: (value: string) => void;
  error?: string | null;
  testId?: string;
  label?: string;
  right?: ReactNode;
};

export function PhoneField({ areaCode, phone, onAreaCode, onPhone, error, testId = 'phone', label, right }: PhoneFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={label ?? t('phone')}
      placeholder={t('phonePlaceholder')}
      inputMode="numeric"
      autoComplete="tel-national"
      value={phone}
      error={error}
      data-testid={testId}
      onValueChange={(value) => onPhone(sanitizePhoneInput(value, areaCode))}
      left={
        <AreaCodeSelect
          value={areaCode}
          testId={`${testId}-area-code`}
          onChange={(code) => {
            onAreaCode(code);
            onPhone(sanitizePhoneInput(phone, code));
          }}
        />
      }
      right={right}
    />
  );
}

// The auth modal (seed 000 §4): login, register and reset; phone or e-mail; password or code.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { navigate } from 'wouter/use-browser-location';
import { GOOGLE_CLIENT_ID } from '../../../config';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { TextField } from '../../../ui/TextField';
import { isRequestError } from '../../request/utils/requestError';
import { storage } from '../../storage/utils/storage';
import { showToast } from '../../toast/states/toastState';
import { closeAuth, modalState, openAuth, type AuthMode } from '../states/modalState';
import { authApi, type Account } from '../utils/authApi';
import { requestGoogleIdToken } from '../utils/google';
import { stripLoginParams } from '../utils/returnTarget';
import { completeLogin, completeRegistration } from '../utils/session';
import {
  collectErrors,
  sanitizeCodeInput,
  sanitizeInviteCodeInput,
  validateAgreement,
  validateCode,
  validateConfirmPassword,
  validateEmail,
  validateInviteCode,
  validateLoginPassword,
  validateNewPassword,
  validatePhone,
  type AreaCode,
  type ValidationKey,
} from '../utils/validation';
import { PhoneField } from './AccountFields';
import { SendCodeButton } from './SendCodeButton';

type Method = 'phone' | 'email';
type Credential = 'password' | 'code';
type Field = 'phone' | 'email' | 'password' | 'confirm' | 'code' | 'inviteCode' | 'agreement';
type Errors = Partial<Record<Field, string>>;

/** Server field names (validation `data.field`) → form fields. */
const SERVER_FIELDS: Record<string, Field> = { mobile: 'phone', verifyCode: 'code', confirmPassword: 'confirm' };

/** Server code for "too many login failures, use code login" (libs/contracts errors.ts). */
const PASSWORD_LOGIN_LOCKED = 3001;

function initialInviteCode(): string {
  const fromQuery = new URLSearchParams(window.location.search).get('code');
  return sanitizeInviteCodeInput(fromQuery ?? storage.get<string>('invite-code') ?? '');
}

export function AuthModal() {
  const { t } = useTranslation(['auth', 'validation', 'common']);
  const { auth: mode, authNotice } = useSnapshot(modalState);
  const [method, setMethod] = useState<Method>('phone');
  const [credential, setCredential] = useState<Credential>('password');
  const [areaCode, setAreaCode] = useState<AreaCode>(86);
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [code, setCode] = useState('');
  const [inviteCode, setInviteCode] = useState('');
  const [agreement, setAgreement] = useState(true);
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    setErrors({});
    setCode('');
    setPassword('');
    setConfirm('');
    if (mode === 'register') setInviteCode(initialInviteCode());
  }, [mode]);

  const msg = (key: ValidationKey | null | undefined) => (key ? t(`validation:${key}`) : undefined);
  const account = (): Account => (method === 'phone' ? { mobile: phone, areaCode } : { email: email.trim() });
  const accountError = () =>
    method === 'phone' ? { phone: validatePhone(phone, areaCode), email: null } : { phone: null, email: validateEmail(email) };

  const validateTarget = () => {
    const found = collectErrors(accountError());
    setErrors((prev) => ({ ...prev, phone: msg(found.phone), email: msg(found.email) }));
    return Object.keys(found).length === 0;
  };

  const sendCode = (param: string) => {
    if (method === 'email') return authApi.sendEmailCode(email.trim(), mode === 'register' ? 'register' : mode === 'reset' ? 'updatePassword' : 'login', param);
    if (mode === 'register') return authApi.sendRegisterCode(phone, areaCode, param);
    return authApi.sendLoginCode(phone, areaCode, param);
  };

  const close = () => {
    closeAuth();
    modalState.pendingPath = null;
    const url = window.location.pathname + window.location.search;
    const clean = stripLoginParams(url);
    if (clean !== url) navigate(clean, { replace: true });
  };

  const switchMode = (next: AuthMode) => openAuth(next, null);

  const validateForm = () => {
    const usesCode = mode !== 'login' || credential === 'code';
    const needsNewPassword = mode === 'reset' || (mode === 'register' && method === 'email');
    const rules: Record<Field, ValidationKey | null> = {
      ...accountError(),
      code: usesCode ? validateCode(code) : null,
      password: mode === 'login' ? (credential === 'password' ? validateLoginPassword(password) : null) : needsNewPassword ? validateNewPassword(password) : null,
      confirm: needsNewPassword ? validateConfirmPassword(password, confirm) : null,
      inviteCode: mode === 'register' ? validateInviteCode(inviteCode) : null,
      agreement: mode === 'register' ? validateAgreement(agreement) : null,
    };
    const found = collectErrors(rules);
    setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, msg(key)])));
    return Object.keys(found).length === 0;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || !validateForm()) return;
    setSubmitting(true);
    try {
      if (mode === 'login') {
        const result = credential === 'password' ? await authApi.passwordLogin(account(), password) : await authApi.codeLogin(account(), code);
        completeLogin(result);
      } else if (mode === 'register') {
        const result = await authApi.register(account(), {
          verifyCode: code,
          password: password || undefined,
          confirmPassword: confirm || undefined,
          inviteCode: inviteCode || undefined,
        });
        storage.remove('invite-code');
        if (result?.token) await completeRegistration(result);
        else {
          showToast(t('registerSuccess'), 'success');
          switchMode('login');
        }
      } else {
        await authApi.forgotPassword(account(), code, password, confirm);
        showToast(t('resetSuccess'), 'success');
        switchMode('login');
      }
    } catch (error) {
      if (!isRequestError(error)) showToast(t(mode === 'register' ? 'registerFailed' : mode === 'reset' ? 'resetFailed' : 'loginFailed'));
      else if (error.code === PASSWORD_LOGIN_LOCKED) setCredential('code');
      else if (error.field) setErrors((prev) => ({ ...prev, [SERVER_FIELDS[error.field!] ?? error.field!]: error.msg }));
    } finally {
      setSubmitting(false);
    }
  };

  const onGoogle = async () => {
    if (!GOOGLE_CLIENT_ID) return;
    try {
      const idToken = await requestGoogleIdToken(GOOGLE_CLIENT_ID);
      completeLogin(await authApi.googleLogin(idToken, GOOGLE_CLIENT_ID));
    } catch (error) {
      if (!isRequestError(error)) showToast(t('loginFailed'));
    }
  };

  const usesCode = mode !== 'login' || credential === 'code';
  const usesPassword = mode === 'login' ? credential === 'password' : mode === 'reset' || method === 'email';
  const sendButton = usesCode ? <SendCodeButton validate={validateTarget} send={sendCode} testId="auth-send-code" /> : undefined;

  return (
    <Modal open={mode !== null} onClose={close} testId="auth-modal" closeLabel={t('common:close')}>
      <div className="flex flex-col gap-5">
        <div>
          <p className="text-sm text-muted">{t('welcome')}</p>
          {mode === 'reset' ? (
            <h2 className="mt-1 text-2xl font-semibold">{t('reset')}</h2>
          ) : (
            <div className="mt-2 flex gap-6 text-xl font-semibold" role="tablist">
              {(['login', 'register'] as const).map((tab) => (
                <button
                  key={tab}
                  type="button"
                  role="tab"
                  aria-selected={mode === tab}
                  data-testid={`auth-tab-${tab}`}
                  onClick={() => switchMode(tab)}
                  className={`border-b-2 pb-1 ${mode === tab ? 'border-brand-600 text-ink' : 'border-transparent text-muted'}`}
                >
                  {t(tab)}
                </button>
              ))}
            </div>
          )}
          {authNotice && <p className="mt-3 rounded-lg bg-warning-soft px-3 py-2 text-sm text-warning">{authNotice}</p>}
        </div>

        <div className="grid grid-cols-2 gap-1 rounded-lg bg-canvas p-1 text-sm">
          {(['phone', 'email'] as const).map((value) => (
            <button
              key={value}
              type="button"
              data-testid={`auth-method-${value}`}
              aria-pressed={method === value}
              onClick={() => {
                setMethod(value);
                setErrors({});
              }}
              className={`rounded-md py-2 ${method === value ? 'bg-surface font-medium text-ink shadow-card' : 'text-muted'}`}
            >
              {t(value === 'phone' ? 'byPhone' : 'byEmail')}
            </button>
          ))}
        </div>

        <form className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
          {method === 'phone' ? (
            <PhoneField
              areaCode={areaCode}
              phone={phone}
              onAreaCode={setAreaCode}
              onPhone={setPhone}
              error={errors.phone}
              testId="auth-phone"
            />
          ) : (
            <TextField
              label={t('email')}
              placeholder={t('emailPlaceholder')}
              type="email"
              autoComplete="email"
              value={email}
              error={errors.email}
              data-testid="auth-email"
              onValueChange={setEmail}
            />
          )}

          {usesCode && (
            <TextField
              label={t('code')}
              placeholder={t('codePlaceholder')}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              error={errors.code}
              data-testid="auth-code"
              onValueChange={(value) => setCode(sanitizeCodeInput(value))}
              right={sendButton}
            />
          )}

          {usesPassword && (
            <TextField
              label={mode === 'login' ? t('password') : t('newPassword')}
              placeholder={mode === 'login' ? t('passwordPlaceholder') : t('newPasswordPlaceholder')}
              type="password"
              autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
              maxLength={50}
              value={password}
              error={errors.password}
              data-testid="auth-password"
              onValueChange={setPassword}
            />
          )}

          {usesPassword && mode !== 'login' && (
            <TextField
              label={t('confirmPassword')}
              placeholder={t('confirmPlaceholder')}
              type="password"
              autoComplete="new-password"
              maxLength={50}
              value={confirm}
              error={errors.confirm}
              data-testid="auth-confirm-password"
              onValueChange={setConfirm}
            />
          )}

          {mode === 'register' && (
            <TextField
              label={t('inviteCode')}
              placeholder={t('invitePlaceholder')}
              value={inviteCode}
              error={errors.inviteCode}
              data-testid="auth-invite-code"
              onValueChange={(value) => setInviteCode(sanitizeInviteCodeInput(value))}
            />
          )}

          {mode === 'login' && (
            <div className="flex items-center justify-between text-sm">
              <button
                type="button"
                data-testid="auth-credential-toggle"
                className="text-brand-600"
                onClick={() => setCredential(credential === 'password' ? 'code' : 'password')}
              >
                {t(credential === 'password' ? 'withCode' : 'withPassword')}
              </button>
              <button type="button" data-testid="auth-forgot" className="text-muted hover:text-ink" onClick={() => switchMode('reset')}>
                {t('forgot')}
              </button>
            </div>
          )}

          {mode === 'register' && (
            <div className="flex flex-col gap-1 text-sm">
              <label className="flex items-start gap-2 text-ink-soft">
                <input
                  type="checkbox"
                  data-testid="auth-agreement"
                  checked={agreement}
                  onChange={(event) => setAgreement(event.target.checked)}
                  className="mt-0.5 size-4 accent-brand-600"
                />
                <span>
                  {t('agreePrefix')}
                  <button type="button" className="text-brand-600" data-testid="auth-terms" onClick={() => (modalState.terms = true)}>
                    {t('terms')}
                  </button>
                </span>
              </label>
              {errors.agreement && <p className="text-xs text-danger">{errors.agreement}</p>}
            </div>
          )}

          <Button type="submit" size="lg" block loading={submitting} data-testid="auth-submit">
            {mode === 'register' ? t('register') : mode === 'reset' ? t('reset') : t('login')}
          </Button>
        </form>

        {mode === 'reset' ? (
          <button type="button" data-testid="auth-back-to-login" className="text-sm text-brand-600" onClick={() => switchMode('login')}>
            {t('backToLogin')}
          </button>
        ) : (
          <>
            <div className="flex items-center gap-3 text-xs text-muted">
              <span className="h-px flex-1 bg-line" />
              {t('or')}
              <span className="h-px flex-1 bg-line" />
            </div>
            <Button
              variant="secondary"
              block
              data-testid="auth-google"
              disabled={!GOOGLE_CLIENT_ID}
              title={GOOGLE_CLIENT_ID ? undefined : t('googleUnavailable')}
              onClick={() => void onGoogle()}
            >
              <span className="font-bold text-brand-600">G</span> {t('google')}
            </Button>
          </>
        )}
      </div>
    </Modal>
  );
}

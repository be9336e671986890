// Every modal of the shell, mounted once. Each is a lazy chunk loaded the first time it opens, so
// the dialog library stays out of the initial bundle; once loaded it stays mounted (close transitions).
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { modalState } from '../../auth/states/modalState';
import { captchaState } from '../../captcha/states/captchaState';
import { payPasswordState } from '../../pay-password/states/payPasswordState';
import { payChooserState, paymentModalState, paySuccessState } from '../../pay/states/payModalState';
import { Toast } from '../../toast/components/Toast';

function lazyNamed<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const AuthModal = lazyNamed(() => import('../../auth/components/AuthModal'), 'AuthModal');
const BindEmailModal = lazyNamed(() => import('../../auth/components/BindEmailModal'), 'BindEmailModal');
const SetPasswordModal = lazyNamed(() => import('../../auth/components/SetPasswordModal'), 'SetPasswordModal');
const ChangePasswordModal = lazyNamed(() => import('../../auth/components/ChangePasswordModal'), 'ChangePasswordModal');
const ChangeEmailModal = lazyNamed(() => import('../../auth/components/ChangeEmailModal'), 'ChangeEmailModal');
const ModifyPhoneModal = lazyNamed(() => import('../../auth/components/ModifyPhoneModal'), 'ModifyPhoneModal');
const ComplaintModal = lazyNamed(() => import('../../settings/components/ComplaintModal'), 'ComplaintModal');
const TermsModal = lazyNamed(() => import('../../settings/components/TermsModal'), 'TermsModal');
const LogoutConfirm = lazyNamed(() => import('../../settings/components/LogoutConfirm'), 'LogoutConfirm');
const PayPasswordModal = lazyNamed(() => import('../../pay-password/components/PayPasswordModal'), 'PayPasswordModal');
const PayChannelModal = lazyNamed(() => import('../../pay/components/PayChannelModal'), 'PayChannelModal');
const PaymentModal = lazyNamed(() => import('../../pay/components/PaymentModal'), 'PaymentModal');
const PaySuccessModal = lazyNamed(() => import('../../pay/components/PaySuccessModal'), 'PaySuccessModal');
const CaptchaDialog = lazyNamed(() => import('../../captcha/components/CaptchaDialog'), 'CaptchaDialog');

type MountWhenOpenedProps = { open: boolean; children: ReactNode };

/** Mounts its child the first time `open` is true, and keeps it mounted. */
function MountWhenOpened({ open, children }: MountWhenOpenedProps) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}

export function GlobalModals() {
  const modals = useSnapshot(modalState);
  const captcha = useSnapshot(captchaState);
  const payPassword = useSnapshot(payPasswordState);
  const payChooser = useSnapshot(payChooserState);
  const payment = useSnapshot(paymentModalState);
  const paySuccess = useSnapshot(paySuccessState);
  return (
    <>
      <MountWhenOpened open={modals.auth !== null}>
        <AuthModal />
      </MountWhenOpened>
      <MountWhenOpened open={modals.bindEmail}>
        <BindEmailModal />
      </MountWhenOpened>
      <MountWhenOpened open={modals.setPassword}>
        <SetPasswordModal />
      </MountWhenOpened>
      <MountWhenOpened open={modals.changePassword}>
        <ChangePasswordModal />
      </MountWhenOpened>
      <MountWhenOpened open={modals.changeEmail}>
        <ChangeEmailModal />
      </MountWhenOpened>
      <MountWhenOpened open={modals.modifyPhone}>
        <ModifyPhoneModal />
      </MountWhenOpened>
      <MountWhenOpened open={modals.complaint}>
        <ComplaintModal />
      </MountWhenOpened>
      <MountWhenOpened open={modals.terms}>
        <TermsModal />
      </MountWhenOpened>
      <MountWhenOpened open={modals.logoutConfirm}>
        <LogoutConfirm />
      </MountWhenOpened>
      <MountWhenOpened open={payPassword.open}>
        <PayPasswordModal />
      </MountWhenOpened>
      <MountWhenOpened open={payChooser.open}>
        <PayChannelModal />
      </MountWhenOpened>
      <MountWhenOpened open={payment.open}>
        <PaymentModal />
      </MountWhenOpened>
      <MountWhenOpened open={paySuccess.open}>
        <PaySuccessModal />
      </MountWhenOpened>
      <MountWhenOpened open={captcha.open}>
        <CaptchaDialog />
      </MountWhenOpened>
      <Toast />
    </>
  );
}

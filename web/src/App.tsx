// Routes of the shell (seed 000 §2) with one lazy chunk per page.
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { ErrorBoundary } from './modules/app-shell/components/ErrorBoundary';
import { FrameWarning, isEmbedded } from './modules/app-shell/components/FrameWarning';
import { GlobalModals } from './modules/app-shell/components/GlobalModals';
import { useShellEffects } from './modules/app-shell/hooks/useShellEffects';
import { RequireLogin } from './modules/auth/components/RequireLogin';
import { AppLayout } from './modules/layout/components/AppLayout';
import { PageSpinner } from './ui/Spinner';

function page<K extends string, P extends object>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const HomePage = page(() => import('./pages/HomePage'), 'HomePage');
const InviteRecordPage = page(() => import('./pages/InviteRecordPage'), 'InviteRecordPage');
const PayResultPage = page(() => import('./pages/PayResultPage'), 'PayResultPage');
const PayConfirmPage = page(() => import('./pages/PayConfirmPage'), 'PayConfirmPage');
const PayNoticePage = page(() => import('./pages/PayNoticePage'), 'PayNoticePage');
const PayFaceVerifyResultPage = page(() => import('./pages/PayFaceVerifyResultPage'), 'PayFaceVerifyResultPage');
const InviteLandingPage = page(() => import('./pages/InviteLandingPage'), 'InviteLandingPage');
const TutorialPage = page(() => import('./pages/TutorialPage'), 'TutorialPage');
const TestPage = page(() => import('./pages/TestPage'), 'TestPage');
const TestIconPage = page(() => import('./pages/TestIconPage'), 'TestIconPage');
const PlatformPage = page(() => import('./pages/PlatformPage'), 'PlatformPage');
const DownloadAppPage = page(() => import('./pages/DownloadAppPage'), 'DownloadAppPage');
const NotFoundPage = page(() => import('./pages/NotFoundPage'), 'NotFoundPage');

function Routes() {
  return (
    <Switch>
      <Route path="/">
        <HomePage />
      </Route>
      <Route path="/invite-record">
        <RequireLogin>
          <InviteRecordPage />
        </RequireLogin>
      </Route>
      <Route path="/pay-result">
        <PayResultPage />
      </Route>
      <Route path="/pay-confirm">
        <RequireLogin>
          <PayConfirmPage />
        </RequireLogin>
      </Route>
      <Route path="/pay-notice">
        <RequireLogin>
          <PayNoticePage />
        </RequireLogin>
      </Route>
      <Route path="/pay-face-verify-result">
        <RequireLogin>
          <PayFaceVerifyResultPage />
        </RequireLogin>
      </Route>
      <Route path="/i/:id">{(params) => <InviteLandingPage id={params.id} />}</Route>
      <Route path="/codex/tutorial/codex">
        <TutorialPage guide="codex" />
      </Route>
      <Route path="/aicoding/tutorial/codex">
        <TutorialPage guide="codex" />
      </Route>
      <Route path="/codex/tutorial/claude-code">
        <TutorialPage guide="claude-code" />
      </Route>
      <Route path="/aicoding/tutorial/claude-code">
        <TutorialPage guide="claude-code" />
      </Route>
      <Route path="/downloadApp">
        <DownloadAppPage />
      </Route>
      <Route path="/test">
        <TestPage />
      </Route>
      <Route path="/test-icon">
        <TestIconPage />
      </Route>
      <Route path="/:platformKey">{(params) => <PlatformPage platformKey={params.platformKey} />}</Route>
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}

export function App() {
  const [location] = useLocation();
  const [embedded] = useState(isEmbedded);
  useShellEffects();
  return (
    <>
      <AppLayout>
        <ErrorBoundary resetKey={location}>
          <Suspense fallback={<PageSpinner />}>
            <Routes />
          </Suspense>
        </ErrorBoundary>
      </AppLayout>
      <GlobalModals />
      {embedded && <FrameWarning />}
    </>
  );
}

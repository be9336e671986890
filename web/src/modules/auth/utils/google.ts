// Google sign-in with Google Identity Services: the ID token (credential) goes to
// POST /user/googleOAuthLogin as `accessToken` with the client id (docs/identity.md).
type CredentialResponse = { credential?: string };
type PromptNotification = { isNotDisplayed(): boolean; isSkippedMoment(): boolean };
type GoogleId = {
  initialize(config: { client_id: string; callback: (response: CredentialResponse) => void; ux_mode?: 'popup' }): void;
  prompt(listener?: (notification: PromptNotification) => void): void;
};

declare global {
  interface Window {
    google?: { accounts: { id: GoogleId } };
  }
}

const SCRIPT_SRC = 'https://accounts.google.com/gsi/client';

function loadScript(): Promise<void> {
  if (window.google?.accounts?.id) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_SRC;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('google script failed'));
    document.head.appendChild(script);
  });
}

export async function requestGoogleIdToken(clientId: string): Promise<string> {
  await loadScript();
  return new Promise((resolve, reject) => {
    const id = window.google!.accounts.id;
    id.initialize({
      client_id: clientId,
      ux_mode: 'popup',
      callback: (response) => (response.credential ? resolve(response.credential) : reject(new Error('google'))),
    });
    id.prompt((notification) => {
      if (notification.isNotDisplayed() || notification.isSkippedMoment()) reject(new Error('google prompt not shown'));
    });
  });
}

// Build-time constants and the environment variables the shell reads.
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** Google OAuth client id; the Google button is disabled without it. */
  readonly VITE_GOOGLE_CLIENT_ID?: string;
  /** Support address for "contact us". */
  readonly VITE_SUPPORT_EMAIL?: string;
  /** The main site, linked from the embed-in-frame warning. */
  readonly VITE_MAIN_SITE_URL?: string;
  /** Base of the API; `/api` by default (the gateway strips it). */
  readonly VITE_API_BASE?: string;
}

// Values the shell reads from the build environment, with their defaults.
export const API_BASE = import.meta.env.VITE_API_BASE ?? '/api';
export const GOOGLE_CLIENT_ID = import.meta.env.VITE_GOOGLE_CLIENT_ID ?? '';
export const SUPPORT_EMAIL = import.meta.env.VITE_SUPPORT_EMAIL ?? 'support@aipay.example';
export const MAIN_SITE_URL = import.meta.env.VITE_MAIN_SITE_URL ?? (typeof window !== 'undefined' ? window.location.origin : '/');
export const APP_VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
/** Seed 000 §9: mobile below 720 px. */
export const MOBILE_BREAKPOINT_PX = 720;
/** The embed-login path suppresses the login-expired message (seed 000 §4); its name is not shown. */
export const EMBED_LOGIN_PATH = '/embed-login';

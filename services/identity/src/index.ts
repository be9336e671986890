export { buildIdentity, createContext, type IdentityDeps, type IdentityApp } from './app.js';
export { identityConfigSchema, loadIdentityConfig, type IdentityConfig } from './config.js';

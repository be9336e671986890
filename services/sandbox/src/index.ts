export { buildSandbox, type SandboxOptions } from './app.js';
export { assertNotProduction, loadSandboxConfig, sandboxConfigSchema, type SandboxConfig } from './config.js';
export * from './signing.js';

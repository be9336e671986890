import { describe, expect, it } from 'vitest';
import { assertNotProduction, loadSandboxConfig, PRODUCTION_REFUSAL } from './config.js';

const REDIS_URL = 'redis://127.0.0.1:6379';

describe('sandbox configuration', () => {
  it('refuses production', () => {
    expect(() => assertNotProduction({ NODE_ENV: 'production' })).toThrow(PRODUCTION_REFUSAL);
    expect(() => loadSandboxConfig({ NODE_ENV: 'production', REDIS_URL, SANDBOX_SECRET: 'set' })).toThrow(/refusing to start/);
    expect(() => assertNotProduction({ NODE_ENV: 'development' })).not.toThrow();
    expect(() => assertNotProduction({})).not.toThrow();
  });

  it('has development defaults', () => {
    const config = loadSandboxConfig({ REDIS_URL });
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 8090,
      SANDBOX_SECRET: 'sandbox-dev-secret',
      PUBLIC_URL: 'http://127.0.0.1:8090',
      KYC_AUTO_RESULT: 'none',
      KYC_AUTO_DELAY_MS: 1000,
      SMS_FAILURE_RATE: 0,
      EMAIL_FAILURE_RATE: 0,
    });
  });

  it('lets a channel override the shared failure rate', () => {
    const config = loadSandboxConfig({ REDIS_URL, FAILURE_RATE: '0.5', EMAIL_FAILURE_RATE: '0' });
    expect(config.SMS_FAILURE_RATE).toBe(0.5);
    expect(config.EMAIL_FAILURE_RATE).toBe(0);
  });

  it('names every bad variable', () => {
    expect(() => loadSandboxConfig({ FAILURE_RATE: '2', KYC_AUTO_RESULT: 'maybe' })).toThrow(/REDIS_URL[\s\S]*FAILURE_RATE|FAILURE_RATE[\s\S]*REDIS_URL/);
  });
});

import { defineConfig } from 'vitest/config';

// The property test (src/store/ledger.property.test.ts) runs ~10,000 ledger operations against the
// real store; its own timeout is set in the file.
export default defineConfig({ test: { name: '@aipay/card', include: ['src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 } });

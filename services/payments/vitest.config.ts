import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: '@aipay/payments', include: ['src/**/*.test.ts'] } });

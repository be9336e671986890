import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: '@aipay/pay-protocols', include: ['src/**/*.test.ts'] } });

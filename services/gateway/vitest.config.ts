import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: '@aipay/gateway', include: ['src/**/*.test.ts'] } });

import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: '@aipay/workflows', include: ['src/**/*.test.ts'] } });

import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: '@aipay/contracts', include: ['src/**/*.test.ts'] } });

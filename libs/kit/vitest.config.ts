import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: '@aipay/kit', include: ['src/**/*.test.ts'] } });

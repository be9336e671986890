import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: '@aipay/identity', include: ['src/**/*.test.ts'] } });

import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: '@aipay/web', environment: 'node', include: ['src/**/*.test.ts'] } });

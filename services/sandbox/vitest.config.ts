import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: '@aipay/sandbox', include: ['src/**/*.test.ts'] } });

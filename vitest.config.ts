// Unit and service tests of every package, in one run (`npm test` adds tests/integration).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['libs/*', 'services/*', 'workflows', 'web'],
  },
});

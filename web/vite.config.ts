// Vite build of the web shell: React, Tailwind 4, the dev proxy to the gateway and dist/version.json.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import pkg from './package.json' with { type: 'json' };

const buildTime = new Date().toISOString();
/** APP_VERSION (CI) wins; otherwise package version plus build time, so each build differs. */
const version = process.env.APP_VERSION ?? `${pkg.version}+${buildTime.replace(/[-:.TZ]/g, '').slice(0, 14)}`;

/** Writes `dist/version.json` ({version, buildTime}) for the client's version check (seed 000 §4). */
function versionFile(): Plugin {
  let outDir = 'dist';
  return {
    name: 'aipay-version-file',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      writeFileSync(resolve(outDir, 'version.json'), `${JSON.stringify({ version, buildTime })}\n`);
    },
  };
}

const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), tailwindcss(), versionFile()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  server: {
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/version.json': { target: gateway, changeOrigin: true },
    },
  },
});

// Headless Chromium (Debian's package) driven by playwright-core, one fresh profile per journey,
// screenshots kept under test-artifacts/e2e/ to look at after a run.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

const artifacts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-artifacts', 'e2e');

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

export interface Browser {
  context: BrowserContext;
  page: Page;
  shot: (name: string) => Promise<string>;
  close: () => Promise<void>;
}

export async function openBrowser(viewport: keyof typeof VIEWPORTS = 'desktop', locale = 'zh-CN'): Promise<Browser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: VIEWPORTS[viewport],
    locale,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  mkdirSync(artifacts, { recursive: true });
  return {
    context,
    page,
    shot: async (name) => {
      const file = path.join(artifacts, `${name}.png`);
      await page.screenshot({ path: file, fullPage: false });
      return file;
    },
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// What a person does in the browser, as reusable steps: solve the slide captcha, read a code from
// the sandbox's dev inbox, fill the six-digit fields.
import { expect } from 'vitest';
import { inject } from 'vitest';
import type { Page } from 'playwright-core';

export function stack() {
  return inject('stack');
}

/** A fresh mainland mobile number for this run (139 + 8 digits). */
export function freshMobile(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

export function freshEmail(): string {
  return `e2e-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
}

/** The newest code the sandbox delivered to a recipient after `since` (ISO time). */
export async function codeFromInbox(to: string, since: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await fetch(`${stack().sandboxUrl}/dev/inbox?to=${encodeURIComponent(to)}&limit=5`);
    const body = (await response.json()) as { data: { code: string | null; sentAt: string }[] };
    const fresh = body.data.find((message) => message.code && message.sentAt >= since);
    if (fresh?.code) return fresh.code;
    if (Date.now() > deadline) throw new Error(`no code for ${to} in the sandbox inbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Drags the captcha piece onto the gap, like a person: the gap's position is read from the
 * puzzle image (its outline is the last path of the background SVG), then the handle is dragged
 * there in small steps over about half a second.
 */
export async function solveCaptcha(page: Page): Promise<void> {
  const handle = page.getByTestId('captcha-handle');
  await handle.waitFor({ state: 'visible' });
  const background = page.getByTestId('captcha').locator('img').first();
  await expect.poll(async () => (await background.getAttribute('src')) ?? '').toMatch(/^data:image\/svg\+xml/);
  const src = (await background.getAttribute('src'))!;
  const svg = Buffer.from(src.split(',')[1]!, 'base64').toString('utf8');
  const paths = [...svg.matchAll(/<path d="M([\d.]+) ([\d.]+)/g)];
  const gapX = Number(paths[paths.length - 1]![1]);
  const width = Number(/viewBox="0 0 (\d+)/.exec(svg)![1]);
  const track = (await page.getByTestId('captcha-track').boundingBox())!;
  const box = (await handle.boundingBox())!;
  const startX = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const targetX = startX + (gapX * track.width) / width;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  const steps = 20;
  for (let i = 1; i <= steps; i += 1) {
    await page.mouse.move(startX + ((targetX - startX) * i) / steps, y + (i % 3) - 1);
    await page.waitForTimeout(30);
  }
  await page.mouse.up();
  await handle.waitFor({ state: 'detached', timeout: 10_000 });
}

/** Clicks a send-code button, passes the captcha, and returns the delivered code. */
export async function sendCode(page: Page, buttonTestId: string, to: string): Promise<string> {
  const since = new Date(Date.now() - 1000).toISOString();
  await page.getByTestId(buttonTestId).click();
  await solveCaptcha(page);
  return codeFromInbox(to, since);
}

export async function toast(page: Page): Promise<string> {
  const element = page.getByTestId('toast').last();
  await element.waitFor({ state: 'visible', timeout: 10_000 });
  return (await element.textContent()) ?? '';
}

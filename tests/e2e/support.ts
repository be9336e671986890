// What a person does in the browser, as reusable steps: solve the slide captcha, read a code from
// the sandbox's dev inbox, fill the six-digit fields.
import { expect } from 'vitest';
import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';

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

function decode(src: string): PNG {
  return PNG.sync.read(Buffer.from(src.split(',')[1]!, 'base64'));
}

/**
 * Finds where the piece fits, the way the eye does: the gap is the piece's picture darkened, so the
 * best x is where the background matches 0.55 × the piece's opaque pixels (outline excluded).
 */
export function findGap(background: PNG, piece: PNG, top: number): number {
  const cells: [number, number, number, number, number][] = [];
  for (let j = 0; j < piece.height; j += 1) {
    for (let i = 0; i < piece.width; i += 1) {
      const at = (j * piece.width + i) * 4;
      const [r, g, b, a] = [piece.data[at]!, piece.data[at + 1]!, piece.data[at + 2]!, piece.data[at + 3]!];
      if (a === 255 && !(r === 255 && g === 255 && b === 255)) cells.push([i, j, r, g, b]);
    }
  }
  let best = { x: 0, error: Infinity };
  for (let y = Math.max(0, top - 2); y <= Math.min(background.height - piece.height, top + 2); y += 1) {
    for (let x = 0; x + piece.width <= background.width; x += 1) {
      let error = 0;
      for (const [i, j, r, g, b] of cells) {
        const at = ((y + j) * background.width + x + i) * 4;
        error += Math.abs(background.data[at]! - r * 0.55) + Math.abs(background.data[at + 1]! - g * 0.55) + Math.abs(background.data[at + 2]! - b * 0.55);
        if (error >= best.error) break;
      }
      if (error < best.error) best = { x, error };
    }
  }
  return best.x;
}

/**
 * Drags the captcha piece onto the gap, like a person: find the gap in the picture, then drag the
 * handle there in small steps over about half a second.
 */
export async function solveCaptcha(page: Page): Promise<void> {
  const handle = page.getByTestId('captcha-handle');
  await handle.waitFor({ state: 'visible' });
  const images = page.getByTestId('captcha').locator('img');
  await expect.poll(async () => (await images.first().getAttribute('src')) ?? '').toMatch(/^data:image\/png/);
  const background = decode((await images.first().getAttribute('src'))!);
  const piece = decode((await page.getByTestId('captcha-piece').getAttribute('src'))!);
  const shown = (await images.first().boundingBox())!;
  const pieceShown = (await page.getByTestId('captcha-piece').boundingBox())!;
  const scale = background.width / shown.width;
  const gapX = findGap(background, piece, Math.round((pieceShown.y - shown.y) * scale));
  const box = (await handle.boundingBox())!;
  const startX = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const targetX = startX + gapX / scale;
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

/**
 * Signs a new user up by phone the way a person does (code from the sandbox inbox), binds an
 * e-mail when asked and skips the optional password; ends logged in on the current page.
 */
export async function signUp(page: Page): Promise<{ mobile: string }> {
  const mobile = freshMobile();
  await page.goto(`${stack().gatewayUrl}/?login=1`);
  await page.getByTestId('auth-modal').waitFor();
  await page.getByTestId('auth-tab-register').click();
  await page.getByTestId('auth-phone').fill(mobile);
  await page.getByTestId('auth-code').fill(await sendCode(page, 'auth-send-code', `+86${mobile}`));
  await page.getByTestId('auth-submit').click();
  await page.getByTestId('bind-email-modal').waitFor();
  const email = freshEmail();
  await page.getByTestId('bind-email-email').fill(email);
  await page.getByTestId('bind-email-code').fill(await sendCode(page, 'bind-email-send-code', email));
  await page.getByTestId('bind-email-submit').click();
  await page.getByTestId('bind-email-modal').waitFor({ state: 'detached' });
  await page.getByTestId('set-password-modal').waitFor();
  await page.getByTestId('set-password-later').click();
  await page.getByTestId('set-password-modal').waitFor({ state: 'detached' });
  return { mobile };
}

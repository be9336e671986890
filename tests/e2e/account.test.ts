// Account journeys in headless Chromium against the whole stack (gateway, identity, sandbox, web):
// what a new user does on the first day. Screenshots land in test-artifacts/e2e/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, type Browser } from '../support/browser.js';
import { freshEmail, freshMobile, sendCode, stack, toast } from './support.js';

const user = { mobile: freshMobile(), email: freshEmail(), password: 'Sunrise-2026!' };
let browser: Browser;
let page: Page;
const timings: Record<string, number> = {};

async function timed(name: string, journey: () => Promise<void>) {
  const started = Date.now();
  await journey();
  timings[name] = Date.now() - started;
}

async function openLogin() {
  await page.goto(`${stack().gatewayUrl}/?login=1`);
  await page.getByTestId('auth-modal').waitFor();
}

beforeAll(async () => {
  browser = await openBrowser('desktop');
  page = browser.page;
});

afterAll(async () => {
  console.log(`[e2e] journey times (ms): ${JSON.stringify(timings)}`);
  await browser?.close();
});

describe('a new user', () => {
  it('registers by phone with the code from the sandbox inbox, binds an e-mail and sets a password', async () => {
    await timed('register', async () => {
      await openLogin();
      await page.getByTestId('auth-tab-register').click();
      await page.getByTestId('auth-phone').fill(user.mobile);
      const code = await sendCode(page, 'auth-send-code', `+86${user.mobile}`);
      await page.getByTestId('auth-code').fill(code);
      await browser.shot('register-filled');
      await page.getByTestId('auth-submit').click();

      // No e-mail yet: binding one is forced before anything else.
      await page.getByTestId('bind-email-modal').waitFor();
      await browser.shot('bind-email-forced');
      await page.getByTestId('bind-email-email').fill(user.email);
      const emailCode = await sendCode(page, 'bind-email-send-code', user.email);
      await page.getByTestId('bind-email-code').fill(emailCode);
      await page.getByTestId('bind-email-submit').click();
      await page.getByTestId('bind-email-modal').waitFor({ state: 'detached' });

      // No password yet: asked once to set one.
      await page.getByTestId('set-password-modal').waitFor();
      await page.getByTestId('set-password-password').fill(user.password);
      await page.getByTestId('set-password-confirm').fill(user.password);
      await page.getByTestId('set-password-submit').click();
      await page.getByTestId('set-password-modal').waitFor({ state: 'detached' });
      await expect.poll(() => page.getByTestId('settings-menu').isVisible()).toBe(true);
      await browser.shot('registered-home');
    });
  });

  it('logs out with confirmation and logs in again by password', async () => {
    await timed('logout-login', async () => {
      await page.getByTestId('settings-menu').click();
      await page.getByTestId('settings-logout').click();
      await page.getByTestId('logout-confirm').click();
      await page.getByTestId('header-login').waitFor();

      await openLogin();
      await page.getByTestId('auth-phone').fill(user.mobile);
      await page.getByTestId('auth-password').fill(user.password);
      await page.getByTestId('auth-submit').click();
      await page.getByTestId('auth-modal').waitFor({ state: 'detached' });
      await expect.poll(() => page.getByTestId('settings-menu').isVisible()).toBe(true);
    });
  });

  it('sees the wrong-code message when a code login uses a wrong code', async () => {
    await timed('wrong-code', async () => {
      // Another person's browser: the signed-in session of this journey stays untouched.
      const stranger = await openBrowser('desktop');
      const saved = page;
      page = stranger.page;
      try {
        await openLogin();
        await page.getByTestId('auth-credential-toggle').click();
        await page.getByTestId('auth-phone').fill(user.mobile);
        const code = await sendCode(page, 'auth-send-code', `+86${user.mobile}`);
        const wrong = code === '000000' ? '111111' : '000000';
        await page.getByTestId('auth-code').fill(wrong);
        await page.getByTestId('auth-submit').click();
        await expect.poll(() => toast(page), { timeout: 10_000 }).toContain('验证码错误');
        await stranger.shot('wrong-code');
      } finally {
        page = saved;
        await stranger.close();
      }
    });
  });

  it('switches the interface to English and back to Chinese', async () => {
    await timed('language', async () => {
      await page.goto(`${stack().gatewayUrl}/`);
      const switcher = page.getByTestId('language-switch');
      await switcher.waitFor();
      const footer = page.getByTestId('footer');
      const before = await footer.innerText();
      await switcher.click();
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
      await expect.poll(() => footer.innerText()).not.toBe(before);
      await browser.shot('english');
      await page.getByTestId('language-switch').click();
      await expect.poll(() => page.locator('html').getAttribute('lang')).toMatch(/^zh/);
      await expect.poll(() => footer.innerText()).toBe(before);
    });
  });

  it('changes the phone number in two steps and stays logged in', async () => {
    await timed('modify-phone', async () => {
      const newMobile = freshMobile();
      await page.getByTestId('settings-menu').click();
      await page.getByTestId('settings-modify-phone').click();
      await page.getByTestId('modify-phone-modal').waitFor();
      const oldCode = await sendCode(page, 'modify-phone-old-send-code', `+86${user.mobile}`);
      await page.getByTestId('modify-phone-old-code').fill(oldCode);
      await page.getByTestId('modify-phone-old-submit').click();
      await page.getByTestId('modify-phone-new').fill(newMobile);
      const newCode = await sendCode(page, 'modify-phone-new-send-code', `+86${newMobile}`);
      await page.getByTestId('modify-phone-new-code').fill(newCode);
      await browser.shot('modify-phone-new');
      await page.getByTestId('modify-phone-new-submit').click();
      await page.getByTestId('modify-phone-modal').waitFor({ state: 'detached' });
      user.mobile = newMobile;
      await page.reload();
      await page.getByTestId('settings-menu').click();
      await expect.poll(() => page.getByTestId('settings-account').innerText()).toContain(newMobile.slice(-4));
      await page.keyboard.press('Escape');
    });
  });

  it('sets a payment password and verifies it', async () => {
    await timed('pay-password', async () => {
      await page.getByTestId('settings-menu').click();
      await page.getByTestId('settings-pay-password').click();
      const step = page.getByTestId('pay-password-step');
      await expect.poll(() => step.getAttribute('data-mode')).toBe('set');
      await page.getByTestId('pay-password-input').fill('246810');
      await page.getByTestId('pay-password-submit').click();
      await expect.poll(() => step.getAttribute('data-step')).toBe('confirm');
      await page.getByTestId('pay-password-input').fill('246810');
      await page.getByTestId('pay-password-submit').click();
      await page.getByTestId('pay-password-modal').waitFor({ state: 'detached' });

      await page.goto(`${stack().gatewayUrl}/test?open=pay-password`);
      await page.getByTestId('pay-password-modal').waitFor();
      await expect.poll(() => step.getAttribute('data-mode')).toBe('input');
      await page.getByTestId('pay-password-input').fill('135791');
      await expect.poll(async () => (await page.getByTestId('pay-password-warning').textContent()) ?? '').toContain('4');
      await browser.shot('pay-password-wrong');
      await page.getByTestId('pay-password-input').fill('246810');
      await page.getByTestId('pay-password-modal').waitFor({ state: 'detached' });
    });
  });
});

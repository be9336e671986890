// Pay journeys in headless Chromium against the whole stack: the web client, the gateway, payments
// and the provider sandbox's hosted pay pages with their signed notifications. Until the card
// service exists, a recharge's business reference is a test card id.
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, type Browser } from '../support/browser.js';
import { signUp, stack } from './support.js';

let browser: Browser | undefined;

afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

function confirmUrl(orderType: number, businessRef: string, amountCents: number): string {
  return `${stack().gatewayUrl}/pay-confirm?orderType=${orderType}&businessRef=${businessRef}&amount=${amountCents}`;
}

/** Opens the desktop QR code's link the way a phone that scanned it would, in another tab. */
async function openScannedCode(page: Page): Promise<Page> {
  const qr = page.getByTestId('pay-qr');
  await expect.poll(() => qr.getAttribute('data-state'), { timeout: 20_000 }).toBe('active');
  const payUrl = await qr.getAttribute('data-pay-url');
  expect(payUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  const phone = await page.context().newPage();
  await phone.goto(payUrl!);
  return phone;
}

async function orderStatusAtProvider(orderNo: string): Promise<string[]> {
  const response = await fetch(`${stack().sandboxUrl}/pay/trades?orderNo=${orderNo}`);
  const body = (await response.json()) as { data: { status: string }[] };
  return body.data.map((trade) => trade.status);
}

describe('paying', () => {
  it('on a desktop, a recharge paid through the sandbox QR page ends on the success view', async () => {
    browser = await openBrowser('desktop');
    const { page } = browser;
    await signUp(page);
    await page.goto(confirmUrl(0, 'test-card-e2e', 2000));
    await page.getByTestId('pay-confirm-submit').click();
    await page.getByTestId('pay-channel-modal').waitFor();
    await browser.shot('pay-desktop-chooser');
    await page.getByTestId('pay-channel-6-1').click();
    const phone = await openScannedCode(page);
    await browser.shot('pay-desktop-qr');
    const orderNo = await page.getByTestId('pay-modal-body').getAttribute('data-order-no');
    await phone.getByTestId('sandbox-pay').click();
    await phone.getByTestId('sandbox-result').waitFor();
    await page.getByTestId('pay-success').waitFor({ timeout: 20_000 });
    await browser.shot('pay-desktop-success');
    expect(await orderStatusAtProvider(orderNo!)).toContain('paid');
  });

  it('on a phone, the H5 path leaves for the provider page and comes back to the pay result', async () => {
    browser = await openBrowser('mobile');
    const { page } = browser;
    await signUp(page);
    await page.goto(confirmUrl(4, 'sms-pack-e2e', 300));
    await page.getByTestId('pay-confirm-submit').click();
    await page.getByTestId('pay-channel-modal').waitFor();
    await page.getByTestId('pay-channel-6-1').click();
    // The pay-result page asks for the pay URL and redirects to the provider's H5 page.
    await page.getByTestId('sandbox-pay').waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).port).toBe(new URL(stack().sandboxUrl).port);
    await browser.shot('pay-mobile-provider');
    await page.getByTestId('sandbox-pay').click();
    await page.getByTestId('sandbox-return').click();
    await page.waitForURL(/\/pay-result\?/);
    await page.getByTestId('pay-result-confirm').waitFor();
    await page.getByTestId('pay-result-completed').click();
    await page.getByTestId('pay-success').waitFor({ timeout: 20_000 });
    await browser.shot('pay-mobile-success');
  });

  it('a failed payment shows its message', async () => {
    browser = await openBrowser('desktop');
    const { page } = browser;
    await signUp(page);
    await page.goto(confirmUrl(0, 'test-card-e2e-fail', 1500));
    await page.getByTestId('pay-confirm-submit').click();
    await page.getByTestId('pay-channel-modal').waitFor();
    await page.getByTestId('pay-channel-6-1').click();
    const phone = await openScannedCode(page);
    await phone.getByTestId('sandbox-fail').click();
    await phone.getByTestId('sandbox-result').waitFor();
    const failed = page.getByTestId('pay-failed');
    await failed.waitFor({ timeout: 20_000 });
    expect((await failed.textContent())?.trim()).not.toBe('');
    await browser.shot('pay-desktop-failed');
  });
});

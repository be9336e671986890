// Fresh payment channel keys for a test run, split between the merchant (services/payments) and the
// providers (services/sandbox) exactly as scripts/lib.mjs ensurePayKeys() pairs them: each side
// holds its own private key and the other side's public key.
import { generateKeyPairSync, randomBytes } from 'node:crypto';

interface RsaPair {
  privateKey: string;
  publicKey: string;
}

function rsaPair(): RsaPair {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
}

export interface PayChannelKeys {
  /** payments' environment (the merchant). */
  payments: Record<string, string>;
  /** the sandbox's environment (the providers), without PAY_STRIPE_WEBHOOK_URL. */
  sandbox: Record<string, string>;
  /** WeChat's APIv3 key, to read the encrypted notifications in tests. */
  wechatApiV3Key: string;
}

export function payChannelKeys(): PayChannelKeys {
  const alipay = { appId: '2021000000000001', merchant: rsaPair(), provider: rsaPair() };
  const alipayhk = { appId: '2021000000000002', merchant: rsaPair(), provider: rsaPair() };
  const wechat = {
    appId: 'wx0000000000000001',
    mchId: '1900000001',
    merchantSerial: randomBytes(20).toString('hex').toUpperCase(),
    platformSerial: randomBytes(20).toString('hex').toUpperCase(),
    apiV3Key: randomBytes(16).toString('hex'),
    merchant: rsaPair(),
    platform: rsaPair(),
  };
  const stripe = { secretKey: `sk_test_${randomBytes(16).toString('hex')}`, webhookSecret: `whsec_${randomBytes(16).toString('hex')}` };
  const unionpay = { merId: '777290058110048', certId: '69629715588', merchant: rsaPair(), provider: rsaPair() };
  return {
    payments: {
      ALIPAY_APP_ID: alipay.appId,
      ALIPAY_PRIVATE_KEY: alipay.merchant.privateKey,
      ALIPAY_PUBLIC_KEY: alipay.provider.publicKey,
      ALIPAYHK_APP_ID: alipayhk.appId,
      ALIPAYHK_PRIVATE_KEY: alipayhk.merchant.privateKey,
      ALIPAYHK_PUBLIC_KEY: alipayhk.provider.publicKey,
      WECHAT_APP_ID: wechat.appId,
      WECHAT_MCH_ID: wechat.mchId,
      WECHAT_PRIVATE_KEY: wechat.merchant.privateKey,
      WECHAT_SERIAL_NO: wechat.merchantSerial,
      WECHAT_API_V3_KEY: wechat.apiV3Key,
      WECHAT_PLATFORM_SERIAL: wechat.platformSerial,
      WECHAT_PLATFORM_PUBLIC_KEY: wechat.platform.publicKey,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      UNIONPAY_MER_ID: unionpay.merId,
      UNIONPAY_CERT_ID: unionpay.certId,
      UNIONPAY_PRIVATE_KEY: unionpay.merchant.privateKey,
      UNIONPAY_PUBLIC_KEY: unionpay.provider.publicKey,
    },
    sandbox: {
      PAY_ALIPAY_APP_ID: alipay.appId,
      PAY_ALIPAY_PRIVATE_KEY: alipay.provider.privateKey,
      PAY_ALIPAY_MERCHANT_PUBLIC_KEY: alipay.merchant.publicKey,
      PAY_ALIPAYHK_APP_ID: alipayhk.appId,
      PAY_ALIPAYHK_PRIVATE_KEY: alipayhk.provider.privateKey,
      PAY_ALIPAYHK_MERCHANT_PUBLIC_KEY: alipayhk.merchant.publicKey,
      PAY_WECHAT_MCH_ID: wechat.mchId,
      PAY_WECHAT_MERCHANT_SERIAL: wechat.merchantSerial,
      PAY_WECHAT_MERCHANT_PUBLIC_KEY: wechat.merchant.publicKey,
      PAY_WECHAT_PLATFORM_SERIAL: wechat.platformSerial,
      PAY_WECHAT_PLATFORM_PRIVATE_KEY: wechat.platform.privateKey,
      PAY_WECHAT_API_V3_KEY: wechat.apiV3Key,
      PAY_STRIPE_SECRET_KEY: stripe.secretKey,
      PAY_STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      PAY_UNIONPAY_MER_ID: unionpay.merId,
      PAY_UNIONPAY_PRIVATE_KEY: unionpay.provider.privateKey,
      PAY_UNIONPAY_MERCHANT_PUBLIC_KEY: unionpay.merchant.publicKey,
    },
    wechatApiV3Key: wechat.apiV3Key,
  };
}

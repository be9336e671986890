// Which provider the sandbox can play: a protocol answers only once its keys are configured.
import type { SandboxConfig } from '../../config.js';

export interface AlipayKeys {
  appId: string;
  /** The provider's key: signs answers and notifications. */
  privateKey: string;
  /** The merchant's key: verifies requests. */
  merchantPublicKey: string;
  /** The variables to set, for the "not configured" answers. */
  env: string;
}

export function alipayKeys(config: SandboxConfig, protocol: 'alipay' | 'alipayhk'): AlipayKeys | null {
  const [appId, privateKey, merchantPublicKey] =
    protocol === 'alipay'
      ? [config.PAY_ALIPAY_APP_ID, config.PAY_ALIPAY_PRIVATE_KEY, config.PAY_ALIPAY_MERCHANT_PUBLIC_KEY]
      : [config.PAY_ALIPAYHK_APP_ID, config.PAY_ALIPAYHK_PRIVATE_KEY, config.PAY_ALIPAYHK_MERCHANT_PUBLIC_KEY];
  if (!appId || !privateKey || !merchantPublicKey) return null;
  const prefix = protocol === 'alipay' ? 'PAY_ALIPAY' : 'PAY_ALIPAYHK';
  return { appId, privateKey, merchantPublicKey, env: `${prefix}_APP_ID, ${prefix}_PRIVATE_KEY, ${prefix}_MERCHANT_PUBLIC_KEY` };
}

export interface WechatKeys {
  mchId: string;
  merchantSerial: string;
  merchantPublicKey: string;
  platformSerial: string;
  platformPrivateKey: string;
  apiV3Key: string;
}

export const WECHAT_ENV =
  'PAY_WECHAT_MCH_ID, PAY_WECHAT_MERCHANT_SERIAL, PAY_WECHAT_MERCHANT_PUBLIC_KEY, PAY_WECHAT_PLATFORM_SERIAL, PAY_WECHAT_PLATFORM_PRIVATE_KEY, PAY_WECHAT_API_V3_KEY';

export function wechatKeys(config: SandboxConfig): WechatKeys | null {
  const {
    PAY_WECHAT_MCH_ID: mchId,
    PAY_WECHAT_MERCHANT_SERIAL: merchantSerial,
    PAY_WECHAT_MERCHANT_PUBLIC_KEY: merchantPublicKey,
    PAY_WECHAT_PLATFORM_SERIAL: platformSerial,
    PAY_WECHAT_PLATFORM_PRIVATE_KEY: platformPrivateKey,
    PAY_WECHAT_API_V3_KEY: apiV3Key,
  } = config;
  if (!mchId || !merchantSerial || !merchantPublicKey || !platformSerial || !platformPrivateKey || !apiV3Key) return null;
  return { mchId, merchantSerial, merchantPublicKey, platformSerial, platformPrivateKey, apiV3Key };
}

export interface UnionPayKeys {
  merId: string;
  privateKey: string;
  merchantPublicKey: string;
}

export const UNIONPAY_ENV = 'PAY_UNIONPAY_MER_ID, PAY_UNIONPAY_PRIVATE_KEY, PAY_UNIONPAY_MERCHANT_PUBLIC_KEY';

export function unionPayKeys(config: SandboxConfig): UnionPayKeys | null {
  const { PAY_UNIONPAY_MER_ID: merId, PAY_UNIONPAY_PRIVATE_KEY: privateKey, PAY_UNIONPAY_MERCHANT_PUBLIC_KEY: merchantPublicKey } = config;
  return merId && privateKey && merchantPublicKey ? { merId, privateKey, merchantPublicKey } : null;
}

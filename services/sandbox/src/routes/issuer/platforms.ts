// Which card platforms the sandbox plays, and each one's secrets from the configuration.
// QbitBudget and Corpay are enabled; Qbit, Pingpong, EasyPay and Photon have no protocol here.
import { ISSUER_PLATFORMS, type IssuerPlatform } from '@aipay/pay-protocols';
import type { SandboxConfig } from '../../config.js';

export { ISSUER_PLATFORMS, type IssuerPlatform };

export interface IssuerSecrets {
  apiSecret?: string;
  webhookSecret?: string;
  webhookUrl?: string;
}

/** `PAY_ISSUER_QBITBUDGET_…` / `PAY_ISSUER_CORPAY_…`. */
export const envPrefix = (platform: IssuerPlatform) => `PAY_ISSUER_${platform.toUpperCase()}_`;

export function issuerSecrets(config: SandboxConfig, platform: IssuerPlatform): IssuerSecrets {
  if (platform === 'qbitbudget') {
    return {
      apiSecret: config.PAY_ISSUER_QBITBUDGET_API_SECRET,
      webhookSecret: config.PAY_ISSUER_QBITBUDGET_WEBHOOK_SECRET,
      webhookUrl: config.PAY_ISSUER_QBITBUDGET_WEBHOOK_URL,
    };
  }
  return {
    apiSecret: config.PAY_ISSUER_CORPAY_API_SECRET,
    webhookSecret: config.PAY_ISSUER_CORPAY_WEBHOOK_SECRET,
    webhookUrl: config.PAY_ISSUER_CORPAY_WEBHOOK_URL,
  };
}

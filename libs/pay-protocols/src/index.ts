// @aipay/pay-protocols: the payment providers' public signature schemes, on node:crypto. The
// payments service verifies with them; the provider sandbox signs with them.
export * from './signingString.js';
export * from './alipay.js';
export * from './alipayhk.js';
export * from './wechatpay.js';
export * from './stripe.js';
export * from './unionpay.js';
export * from './issuer.js';

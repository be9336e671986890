// @aipay/payments: the pure foundation of the payments service (money, channels, order states, signatures).
export * from './domain/money.js';
export * from './domain/channels.js';
export * from './domain/orderStatus.js';
export * from './adapters/signatures/signingString.js';
export * from './adapters/signatures/alipay.js';
export * from './adapters/signatures/alipayhk.js';
export * from './adapters/signatures/wechatpay.js';
export * from './adapters/signatures/stripe.js';
export * from './adapters/signatures/unionpay.js';

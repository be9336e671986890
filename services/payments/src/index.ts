// @aipay/payments: the pure foundation of the payments service (money, channels, order states); the
// signature schemes live in @aipay/pay-protocols.
export * from './domain/money.js';
export * from './domain/channels.js';
export * from './domain/orderStatus.js';

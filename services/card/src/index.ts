// @aipay/card: the pure rules of the card ledger (posting kinds with the seeds' balance record types,
// op ids, the apply-or-refuse decision, the invariant's sums).
export * from './domain/ledger.js';

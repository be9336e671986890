// Every product workflow is exported here; the worker bundles this module (ARCHITECTURE §5).
// Workflows are added by the issues that build their services (card opening, recharge, KYC ...).
export {};

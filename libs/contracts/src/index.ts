export * from './language.js';
export * from './envelope.js';
export * from './errors.js';
export * from './event.js';
export * from './events.js';
export * from './enums.js';
export * from './identity.js';

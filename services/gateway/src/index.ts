export { buildGateway, upstreamsFrom } from './app.js';
export { gatewayConfigSchema, loadGatewayConfig, type GatewayConfig } from './config.js';
export * from './routing.js';

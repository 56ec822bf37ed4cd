export const GATEWAY_REDIS = Symbol('GATEWAY_REDIS');
export const GATEWAY_STORAGE = Symbol('GATEWAY_STORAGE');

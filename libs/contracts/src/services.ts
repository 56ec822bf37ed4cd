/** The NATS microservices behind the gateway. Each one listens in a queue group named after itself. */
export const SERVICE_NAMES = ['auth', 'catalog', 'video', 'feedback', 'admin', 'notifications'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** Every process of the product, as named by the Dockerfile's APP argument and the k8s Deployments. */
export const APP_NAMES = ['gateway', ...SERVICE_NAMES, 'media-worker'] as const;
export type AppName = (typeof APP_NAMES)[number];

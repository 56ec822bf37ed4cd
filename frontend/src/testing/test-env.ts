import type { env as appEnv } from '@/config/env';

// Stands in for src/config/env.ts in the route tests (jest.config.mjs): Vite replaces
// `import.meta.env` when it builds, and Jest has no such step. The defaults a build without
// VITE_* variables gets.
export const env: typeof appEnv = {
  contactEmail: 'support@skillshare-feedback.example',
};

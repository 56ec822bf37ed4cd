// The only module that reads import.meta.env; everything else imports `env`.
function readString(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

export const env = {
  contactEmail: readString(import.meta.env.VITE_CONTACT_EMAIL, 'support@skillshare-feedback.example'),
} as const;

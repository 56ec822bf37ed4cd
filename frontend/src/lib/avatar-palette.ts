/** 15 colours that all keep white initials readable (contrast ≥ 4.5:1). */
export const AVATAR_PALETTE = [
  '#b91c1c',
  '#c2410c',
  '#a16207',
  '#4d7c0f',
  '#15803d',
  '#047857',
  '#0f766e',
  '#0e7490',
  '#0369a1',
  '#1d4ed8',
  '#4338ca',
  '#6d28d9',
  '#7e22ce',
  '#a21caf',
  '#be185d',
] as const;

function hashString(value: string): number {
  // djb2: small, stable across sessions and browsers.
  let hash = 5381;
  for (let index = 0; index < value.length; index++) {
    hash = ((hash << 5) + hash + value.charCodeAt(index)) | 0;
  }
  return Math.abs(hash);
}

/** The palette colour for a person: from the id when there is one, else from a hash of the name. */
export function avatarColor(id: string | number | null | undefined, name: string): string {
  let index: number;
  if (typeof id === 'number' && Number.isFinite(id)) index = Math.abs(Math.trunc(id));
  else if (typeof id === 'string' && id !== '') index = hashString(id);
  else index = hashString(name);
  return AVATAR_PALETTE[index % AVATAR_PALETTE.length] ?? AVATAR_PALETTE[0];
}

/** First letters of the first and last name, uppercased; empty when there is no name. */
export function initialsOf(firstName?: string | null, lastName?: string | null): string {
  return [firstName, lastName]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
}

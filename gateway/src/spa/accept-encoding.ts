/** The content codings the gateway sends, best first: brotli is the smaller on text. */
export const CONTENT_CODINGS = ['br', 'gzip'] as const;
export type ContentCoding = (typeof CONTENT_CODINGS)[number];

/**
 * The coding to send from those `available`, by the request's Accept-Encoding (RFC 9110 §12.5.3):
 * the highest q-value wins, a tie goes to the better coding (browsers list gzip before br at equal
 * weight), `*` stands for any coding not named, and null means the file as it is.
 */
export function acceptedEncoding(
  header: string | undefined,
  available: readonly ContentCoding[],
): ContentCoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param)?.[1]).find((value) => value !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    if (name.trim()) weights.set(name.trim().toLowerCase(), Number.isFinite(weight) ? weight : 0);
  }
  let best: ContentCoding | null = null;
  let bestWeight = 0;
  for (const coding of CONTENT_CODINGS) {
    if (!available.includes(coding)) continue;
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}

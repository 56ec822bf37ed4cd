export type VideoContainer = 'video/mp4' | 'video/quicktime' | 'video/webm';

/** Bytes needed to recognise a container. */
export const SNIFF_BYTES = 12;

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
// Top-level QuickTime atoms an old .mov may start with instead of `ftyp`.
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

/**
 * What the file really is, from its first bytes: MP4/MOV (an ISO-BMFF `ftyp` box or a classic
 * QuickTime atom) or WebM (EBML header); null for anything else, so a renamed text file is refused.
 */
export function sniffVideoContainer(head: Uint8Array): VideoContainer | null {
  if (head.length < SNIFF_BYTES) return null;
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'video/webm';
  const box = ascii(head, 4, 8);
  if (box === 'ftyp') return ascii(head, 8, 12) === 'qt  ' ? 'video/quicktime' : 'video/mp4';
  if (QUICKTIME_ATOMS.has(box)) return 'video/quicktime';
  return null;
}

export interface ByteRange {
  start: number;
  /** inclusive */
  end: number;
}

/**
 * One HTTP byte range (`bytes=a-b`, `bytes=a-`, `bytes=-n`) within a file of `size` bytes:
 * null to send the whole file (no header, or a form this server does not serve, such as
 * several ranges), 'unsatisfiable' for a range that starts past the end (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return 'unsatisfiable';
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (end < start) return null;
  return { start, end };
}

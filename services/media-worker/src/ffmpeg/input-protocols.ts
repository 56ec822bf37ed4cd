/**
 * Input options for ffmpeg/ffprobe. An original read over its presigned URL may only open
 * HTTP(S) connections: a crafted file cannot make ffmpeg follow references to local files or
 * other protocols.
 */
export function inputProtocolArgs(input: string): string[] {
  return /^https?:\/\//i.test(input) ? ['-protocol_whitelist', 'http,https,tcp,tls'] : [];
}

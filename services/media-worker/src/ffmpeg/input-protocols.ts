/**
 * Demuxers an upload may be read with: the gateway only stores MP4/MOV and Matroska/WebM. A
 * crafted file therefore cannot be read as a playlist or concat list (HLS, ffconcat, ...) that
 * makes ffmpeg open other files or URLs.
 */
export const INPUT_FORMAT_WHITELIST = 'mov,mp4,m4a,3gp,3g2,mj2,matroska,webm';

/**
 * Input options for ffmpeg/ffprobe. An original read over its presigned URL may only open
 * HTTP(S) connections; a local scratch copy may only open local files.
 */
export function inputProtocolArgs(input: string): string[] {
  const protocols = /^https?:\/\//i.test(input) ? 'http,https,tcp,tls' : 'file';
  return ['-protocol_whitelist', protocols, '-format_whitelist', INPUT_FORMAT_WHITELIST];
}

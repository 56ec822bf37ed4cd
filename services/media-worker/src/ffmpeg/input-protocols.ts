/**
 * Demuxers an upload may be read with: the gateway only stores MP4/MOV and Matroska/WebM. A
 * crafted file therefore cannot be read as a playlist or concat list (HLS, ffconcat, ...) that
 * makes ffmpeg open other files or URLs.
 */
export const INPUT_FORMAT_WHITELIST = 'mov,mp4,m4a,3gp,3g2,mj2,matroska,webm';

/**
 * Input options for ffmpeg/ffprobe. An original read over its presigned URL may only open
 * HTTP(S) connections, and a connection that drops is opened again where it stopped (for up to
 * 2 s); a local scratch copy may only open local files.
 */
export function inputProtocolArgs(input: string): string[] {
  const overHttp = /^https?:\/\//i.test(input);
  const reconnect = ['-reconnect', '1', '-reconnect_on_network_error', '1', '-reconnect_delay_max', '2'];
  return [
    '-protocol_whitelist',
    overHttp ? 'http,https,tcp,tls' : 'file',
    ...(overHttp ? reconnect : []),
    '-format_whitelist',
    INPUT_FORMAT_WHITELIST,
  ];
}

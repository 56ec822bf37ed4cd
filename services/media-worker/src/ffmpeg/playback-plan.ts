import type { Rational } from '@app/contracts';
import type { MediaInfo } from './ffprobe.js';
import { choosePlaybackRate, frameTimingProblems, keyframeIntervalFrames, type FrameTiming } from './frame-timing.js';

/**
 * How the browser-safe playback file is made from an original.
 * - video `copy`: the H.264 bitstream is kept as it is; `encode`: libx264, yuv420p, even size,
 *   at the constant `frameRate` from the file's start, a keyframe every `keyframeInterval` frames.
 * - audio `copy`: AAC kept; `encode`: AAC 128k stereo; `none`: the original has no audio.
 * Any copy goes with `-movflags +faststart`, so the output always starts with its index.
 */
export interface PlaybackPlan {
  video: 'copy' | 'encode';
  /** The playback file's exact constant rate: the copied stream's own, or the one it is encoded at. */
  frameRate: Rational;
  /** Frames from one keyframe to the next in an encoded file (about half a second). */
  keyframeInterval: number;
  audio: 'copy' | 'encode' | 'none';
  /** False only for a pure remux (both streams copied): the contract's `reencoded`. */
  reencoded: boolean;
  /** Why something is re-encoded, for the logs; empty for a remux. */
  reasons: string[];
}

/** Containers ffmpeg demuxes as "mov,mp4,m4a,3gp,3g2,mj2": their H.264/AAC streams copy into MP4 as they are. */
const MP4_FAMILY = new Set(['mov', 'mp4']);

/** Whether the container is one whose H.264/AAC streams copy into MP4 as they are. */
const isCopyableContainer = (formatName: string) => formatName.split(',').some((name) => MP4_FAMILY.has(name));

/**
 * Whether the picture may be copied as it is, as far as ffprobe's findings tell (H.264 in 8-bit
 * 4:2:0 out of an MP4/MOV): it then is unless the packet scan finds a timing problem. The
 * worker starts the copy while the scan runs.
 */
export function mayCopyPicture(info: Pick<MediaInfo, 'formatName' | 'video'>): boolean {
  return isCopyableContainer(info.formatName) && info.video?.codec === 'h264' && info.video.pixelFormat === 'yuv420p';
}

/**
 * Decides between a remux (seconds) and a re-encode (minutes). Only what every browser plays
 * is copied: H.264 in 8-bit 4:2:0 and AAC, out of an MP4/MOV container. HEVC from phones,
 * VP8/VP9/AV1, 4:2:2/4:4:4/10-bit and everything from other containers is re-encoded.
 * A frame-exact player needs more of the picture: a constant rate, keyframes at most half a
 * second apart (stepping back decodes from the keyframe before) and the first frame at 0, so a
 * variable-rate phone clip, a camera's 2-second GOP or a late first frame is re-encoded too
 * (`frames`: the packet scan of the original; null when it could not be read).
 * A file whose video qualifies but whose audio does not (H.264 + PCM from a camera) keeps its
 * video and only re-encodes the audio.
 */
export function planPlayback(
  info: Pick<MediaInfo, 'formatName' | 'video' | 'audio'>,
  frames: FrameTiming | null,
): PlaybackPlan {
  const reasons: string[] = [];
  const copyableContainer = isCopyableContainer(info.formatName);
  if (!copyableContainer) reasons.push(`container ${info.formatName || 'unknown'}`);

  const video = info.video;
  let videoAction: PlaybackPlan['video'] = 'copy';
  if (!copyableContainer) videoAction = 'encode';
  if (video?.codec !== 'h264') {
    videoAction = 'encode';
    reasons.push(`video codec ${video?.codec ?? 'unknown'}`);
  }
  if (video?.pixelFormat !== 'yuv420p') {
    videoAction = 'encode';
    reasons.push(`pixel format ${video?.pixelFormat ?? 'unknown'}`);
  }
  const timingProblems = frameTimingProblems(frames);
  if (timingProblems.length) {
    videoAction = 'encode';
    reasons.push(...timingProblems);
  }
  const frameRate = choosePlaybackRate(video ?? {}, frames);

  let audioAction: PlaybackPlan['audio'] = 'none';
  if (info.audio) {
    audioAction = copyableContainer && info.audio.codec === 'aac' ? 'copy' : 'encode';
    if (info.audio.codec !== 'aac') reasons.push(`audio codec ${info.audio.codec ?? 'unknown'}`);
  }

  return {
    video: videoAction,
    frameRate,
    keyframeInterval: keyframeIntervalFrames(frameRate),
    audio: audioAction,
    reencoded: videoAction === 'encode' || audioAction === 'encode',
    reasons,
  };
}

/**
 * What the video service made of a probe verdict: the return value of its results job, which
 * an upload still waiting for it reads (ProbeVerdicts) instead of judging the file again.
 */
export interface ProbeJudgement {
  videoId: number;
  /** The user-facing reason the file is refused, or null when it goes on to be transcoded. */
  refusal: string | null;
}

export function isProbeJudgement(value: unknown): value is ProbeJudgement {
  const judged = value as Partial<ProbeJudgement> | null;
  return (
    typeof judged === 'object' &&
    judged !== null &&
    typeof judged.videoId === 'number' &&
    (judged.refusal === null || typeof judged.refusal === 'string')
  );
}

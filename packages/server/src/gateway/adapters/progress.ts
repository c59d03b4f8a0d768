/**
 * Launch progress as the console reads it (`progress`, `stage`, `download_files`). Xinference 1.x and 2.x
 * answer only `{progress}`; v3 adds the stage, the files and one entry per replica, which pass on untouched.
 */
export function normalizeProgress(answer: unknown): unknown {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return answer
  const progress = answer as Record<string, unknown>
  if (typeof progress.progress !== 'number') return answer
  return {
    ...progress,
    stage:
      typeof progress.stage === 'string' ? progress.stage : progress.progress > 0 ? 'loading' : 'pending',
    download_files: Array.isArray(progress.download_files) ? progress.download_files : [],
  }
}

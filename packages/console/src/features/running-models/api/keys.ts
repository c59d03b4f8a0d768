export const runningKeys = {
  all: ['models'] as const,
  list: (cookie: string | undefined) => ['models', 'running', cookie ?? ''] as const,
  logs: (uid: string, tail: number) => ['models', 'logs', uid, tail] as const,
}

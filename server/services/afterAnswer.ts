import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a call does after its answer left, so that how long the answer took says nothing about what the work found
 * (forgot-password must not tell a registered address from an unknown one by its timing). A failure is logged, never
 * answered; `drain` waits for work in flight (server shutdown, tests).
 */
export function createAfterAnswer(log: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>();
  return {
    /** Starts `job` on a later turn of the event loop, after the caller returned its answer. */
    run(name: string, job: () => Promise<void>): void {
      const task = new Promise<void>((resolve) => setImmediate(resolve))
        .then(job)
        .catch((err: unknown) => log.error({ err }, `${name} failed after the answer`))
        .finally(() => pending.delete(task));
      pending.add(task);
    },

    /** Resolves when every job started so far (and any they started) has finished. */
    async drain(): Promise<void> {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

export type AfterAnswer = ReturnType<typeof createAfterAnswer>;

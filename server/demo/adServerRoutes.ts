import type { FastifyInstance } from 'fastify';
import { fieldErrorsAnswer, messageAnswer, unauthenticated, wrapped } from '../openapi/responses';
import { catalogSchema } from '../plugins/validation';
import { devOnly } from '../routes/dev/devOnly';
import { serveCurrentHour } from './seedStatistics';
import { SPEND_GRACE_MS } from '../areas/finances/spend';
import type { DevAdServer, DevAdServerAnswer } from '../../generated/types';

/** The periodic jobs that bill an hour once it is over: spend charged into the ledger, then referral commissions on it. */
const BILLING_JOBS = ['finances.charge-spend', 'referral.commissions'];
/** How long to wait for a billing job a pass of the runner holds. */
const JOB_WAIT_MS = 60_000;

/**
 * `POST dev/ad-server`: the demo ad server serves the signed-in advertiser's running campaigns the whole current hour
 * at once, then the billing jobs run as they will when the hour is over, so an end-to-end test (or a developer) sees a
 * new campaign's spend charged and its referrer's commission paid without waiting for the hour to turn. Registered
 * by main.ts beside the development outbox, behind its guard.
 */
export default async function adServerRoutes(app: FastifyInstance) {
  const { platform } = app;

  /** Runs a job now, as at `at`; while a pass of the runner holds it, waits for that pass. */
  const runNow = async (name: string, at: Date) => {
    for (const started = Date.now(); !(await platform.jobs.runNow(name, at)); ) {
      if (Date.now() - started > JOB_WAIT_MS) throw new Error(`The job ${name} stayed busy for ${JOB_WAIT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  app.post<{ Body: DevAdServer }>(
    '/dev/ad-server',
    {
      onRequest: [devOnly(app), app.authenticate],
      schema: {
        tags: ['development'],
        summary: "Serve the user's running campaigns the whole current hour and bill it as if it were over (development only)",
        security: [{ bearerAuth: [] }],
        body: catalogSchema(platform.catalog, 'dev_ad_server'),
        response: {
          200: wrapped(catalogSchema(platform.catalog, 'dev_ad_server_answer'), 'The hour served and billed'),
          401: unauthenticated,
          404: messageAnswer('Not a loopback caller on a network host'),
          422: fieldErrorsAnswer,
        },
      },
    },
    async (request) => {
      const served = await serveCurrentHour(platform.db, [request.auth!.userId], { events: request.body.events ?? 5_000 });
      const over = new Date(served.to.getTime() + SPEND_GRACE_MS);
      for (const job of BILLING_JOBS) await runNow(job, over);
      return { data: { events: served.events, from: served.from.toISOString(), to: served.to.toISOString() } satisfies DevAdServerAnswer };
    },
  );
}

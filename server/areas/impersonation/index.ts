import type { FastifyInstance } from 'fastify';
import impersonate from './impersonate';
import signIn from './sign-in';

/** Support staff acting as an advertiser: start (a one-time token for the panel), sign in with it, leave. */
export default async function impersonationArea(app: FastifyInstance) {
  await app.register(impersonate);
  await app.register(signIn);
}

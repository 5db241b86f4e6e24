import type { FastifyInstance } from 'fastify';
import login from './login';
import register from './register';
import password from './password';
import captcha from './captcha';

/** Accounts: sign-in with its second step, refresh and logout, sign-up and its confirmation, password reset, the captcha. */
export default async function accountsArea(app: FastifyInstance) {
  await app.register(login);
  await app.register(register);
  await app.register(password);
  await app.register(captcha);
}

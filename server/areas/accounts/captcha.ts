import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../httpError';
import { messageAnswer, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';

/** `GET captcha`: a built-in challenge for sign-up and forgot-password (networks without reCAPTCHA). */
export default async function captchaRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { locale?: string } }>(
    '/captcha',
    {
      schema: {
        tags: ['auth'],
        summary: 'A new captcha question; answer it as g-recaptcha-response "<id>:<answer>" (single use, 10 minutes)',
        querystring: { type: 'object', additionalProperties: false, properties: { locale: { type: 'string', enum: ['en', 'ru', 'es', 'de', 'jp'] } } },
        response: {
          200: wrapped(catalogSchema(app.platform.catalog, 'accounts_captcha_answer'), 'A challenge'),
          404: messageAnswer('This network uses Google reCAPTCHA instead'),
        },
      },
      config: app.platform.mailRateLimit ? { rateLimit: { max: app.platform.mailRateLimit.max * 6, timeWindow: app.platform.mailRateLimit.timeWindow } } : {},
    },
    async (request) => {
      if (app.platform.captcha.usesGoogle(request.network)) {
        throw new HttpError(404, 'This network uses Google reCAPTCHA: render it with settings.recaptcha.siteKey from GET network.');
      }
      return { data: await app.platform.captcha.create(request.network.id, request.query.locale ?? request.network.settings.defaultLocale) };
    },
  );
}

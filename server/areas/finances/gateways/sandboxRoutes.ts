/**
 * The sandbox gateway's hosted pages, served at the site's root as a processor serves its own:
 * - `POST /sandbox-gateway/checkout` (the panel's form: `token`) shows the payment page;
 * - `POST /sandbox-gateway/pay` (`token`, `number`, `expiry`, `cvc`, `name`) pays: a form error shows the page again,
 *   a card that asks for a code shows the bank's confirmation page, an outcome is handed to `deliver` (the app queues
 *   it as a signed webhook) and the browser is sent (303) to the panel's success or error URL;
 * - `POST /sandbox-gateway/challenge` (`challenge`, `code`) is the confirmation page's answer.
 * The redirect carries nothing the panel acts on: money moves only by the webhook.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Gateway, GatewayEvent } from './gateway';
import { isSandboxGateway, SandboxTokenError, type SandboxCheckout, type SandboxOutcome } from './sandbox';
import { challengePage, checkoutPage, messagePage, pageCsp } from './sandboxPages';
import { sandboxTexts, textsOfAcceptLanguage } from './sandboxTexts';
import { checkCard } from './testCards';

export interface SandboxRoutesOptions {
  /** The sandbox gateway (`createSandboxGateway`). */
  gateway: Gateway;
  /** Hands an outcome's event to the app, which delivers it to the panel's webhook route (queued, signed, retried). */
  deliver: (event: GatewayEvent) => Promise<void>;
}

/** The forms are a token and a few card fields. */
const BODY_LIMIT = 32 * 1024;
const FORM = 'application/x-www-form-urlencoded';
/** Checkouts remembered as finished (at most; the oldest are forgotten first). */
const FINISHED_CAP = 10_000;

type Form = Record<string, unknown> | undefined;
const text = (body: Form, name: string, max: number) => {
  const value = body?.[name];
  return typeof value === 'string' ? value.slice(0, max) : '';
};

/**
 * The checkouts this process finished, with where each sent the browser: a repeated submit (a double click, the back
 * button) lands in the same place instead of paying twice. In memory: with several processes a repeat that reaches
 * another one can pay again, which the panel's once-per-payment rules absorb.
 */
class FinishedCheckouts {
  private readonly entries = new Map<string, { until: number; redirect: Promise<string | null> }>();

  /** Where an earlier submit of this checkout sent the browser (null if its delivery failed), or undefined. */
  get(id: string): Promise<string | null> | undefined {
    return this.entries.get(id)?.redirect;
  }

  /** Marks the checkout as finishing with `redirect`: forgotten when its token expires, or if the delivery fails. */
  add(id: string, until: number, redirect: Promise<string | null>, now: number): void {
    for (const [key, entry] of this.entries) if (entry.until < now || this.entries.size >= FINISHED_CAP) this.entries.delete(key);
    this.entries.set(id, { until, redirect });
    void redirect.then((url) => url === null && this.entries.delete(id));
  }
}

/** The sandbox gateway's hosted pages (mounted at the site's root). */
export async function sandboxGatewayRoutes(app: FastifyInstance, { gateway, deliver }: SandboxRoutesOptions): Promise<void> {
  if (!gateway || !isSandboxGateway(gateway)) throw new Error(`sandboxGatewayRoutes serves the sandbox's pages: pass the gateway createSandboxGateway made (got "${gateway?.id}")`);
  const { hosted } = gateway;
  const finished = new FinishedCheckouts();

  // Browsers post these forms urlencoded; the parser is this plugin's only (Fastify has none by default).
  if (app.hasContentTypeParser(FORM)) app.removeContentTypeParser(FORM);
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  function page(reply: FastifyReply, status: number, html: string, checkout?: SandboxCheckout) {
    return reply
      .code(status)
      .headers({
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': pageCsp(checkout),
        'cache-control': 'no-store',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
      })
      .send(html);
  }

  const redirect = (reply: FastifyReply, url: string) => reply.code(303).headers({ location: url, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }).send();

  function tokenProblem(request: FastifyRequest, reply: FastifyReply, e: unknown) {
    if (!(e instanceof SandboxTokenError)) throw e;
    if (e.reason === 'expired' && e.checkout) {
      const texts = sandboxTexts(e.checkout.locale);
      return page(reply, 410, messagePage(texts, texts.expiredTitle, texts.expiredText, e.checkout.errorUrl), e.checkout);
    }
    const texts = textsOfAcceptLanguage(request.headers['accept-language']);
    return page(reply, 400, messagePage(texts, texts.invalidTitle, texts.invalidText));
  }

  /** A submit of a checkout finished before lands where that one did. */
  async function earlier(reply: FastifyReply, checkout: SandboxCheckout): Promise<FastifyReply | null> {
    const before = finished.get(checkout.id);
    const url = before && (await before);
    return url ? redirect(reply, url) : null;
  }

  /** Hands the outcome to the panel (by `deliver`) and sends the browser on; nothing is charged if it cannot be handed over. */
  async function finish(request: FastifyRequest, reply: FastifyReply, checkout: SandboxCheckout, outcome: SandboxOutcome) {
    for (let before = finished.get(checkout.id); before; before = finished.get(checkout.id)) {
      const url = await before;
      if (url) return redirect(reply, url);
      // That submit could not hand its outcome over (and is forgotten): unless another began meanwhile, this one tries.
    }
    // From the last check to `add` nothing awaits, so two submits of one checkout never both deliver.
    const delivered = Promise.resolve()
      .then(() => deliver(outcome.event))
      .then(
        () => outcome.redirect,
        (e: unknown) => {
          request.log.error(e, 'the sandbox gateway could not hand a payment outcome to the panel');
          return null;
        },
      );
    finished.add(checkout.id, checkout.expiresAt * 1000, delivered, hosted.now().getTime());
    const url = await delivered;
    if (url) return redirect(reply, url);
    const texts = sandboxTexts(checkout.locale);
    return page(reply, 503, messagePage(texts, texts.unavailableTitle, texts.unavailableText, checkout.errorUrl), checkout);
  }

  const routeOptions = { schema: { hide: true } };

  app.post<{ Body: Form }>('/sandbox-gateway/checkout', routeOptions, async (request, reply) => {
    const token = text(request.body, 'token', BODY_LIMIT);
    let checkout: SandboxCheckout;
    try {
      checkout = hosted.readCheckout(token);
    } catch (e) {
      return tokenProblem(request, reply, e);
    }
    if (await earlier(reply, checkout)) return reply;
    return page(reply, 200, checkoutPage(sandboxTexts(checkout.locale), checkout, token), checkout);
  });

  app.post<{ Body: Form }>('/sandbox-gateway/pay', routeOptions, async (request, reply) => {
    const token = text(request.body, 'token', BODY_LIMIT);
    let checkout: SandboxCheckout;
    try {
      checkout = hosted.readCheckout(token);
    } catch (e) {
      return tokenProblem(request, reply, e);
    }
    if (await earlier(reply, checkout)) return reply;
    const input = { number: text(request.body, 'number', 40), expiry: text(request.body, 'expiry', 10), cvc: text(request.body, 'cvc', 10), name: text(request.body, 'name', 100) };
    const checked = checkCard(input, hosted.now());
    const texts = sandboxTexts(checkout.locale);
    if ('problems' in checked) return page(reply, 422, checkoutPage(texts, checkout, token, { problems: checked.problems, expiry: input.expiry, name: input.name, last4: checked.last4 }), checkout);
    const result = hosted.pay(checkout, token, checked.card);
    if ('token' in result) return page(reply, 200, challengePage(texts, result), checkout);
    return finish(request, reply, checkout, result);
  });

  app.post<{ Body: Form }>('/sandbox-gateway/challenge', routeOptions, async (request, reply) => {
    let challenge;
    try {
      challenge = hosted.readChallenge(text(request.body, 'challenge', BODY_LIMIT));
    } catch (e) {
      return tokenProblem(request, reply, e);
    }
    return finish(request, reply, challenge.checkout, hosted.confirm(challenge, text(request.body, 'code', 20)));
  });
}

/**
 * The sandbox's hosted pages, rendered on the server: plain HTML forms, one stylesheet in the page, no script. Every
 * value printed is escaped (the description and the e-mail come from users), and the pages carry their own strict
 * Content-Security-Policy (`pageCsp`): styles only by the stylesheet's hash, forms only to this site and the panel.
 */
import { createHash } from 'node:crypto';
import type { SandboxChallenge, SandboxCheckout } from './sandbox';
import { fill, type SandboxTexts } from './sandboxTexts';
import { TEST_CARDS, type CardField, type CardProblem } from './testCards';

const CSS = [
  ':root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#eef1f5}',
  'body{margin:0;padding:24px 12px}',
  '.sheet{max-width:460px;margin:0 auto;background:#fff;border-radius:10px;box-shadow:0 2px 10px rgba(15,23,42,.12);overflow:hidden}',
  '.brand{display:flex;flex-wrap:wrap;align-items:center;gap:8px;padding:14px 20px;background:#243b53;color:#fff}',
  '.brand strong{font-size:16px}',
  '.badge{margin-left:auto;padding:3px 8px;border-radius:4px;background:#f0b429;color:#243b53;font-size:12px;font-weight:700;text-transform:uppercase;letter-spacing:.03em}',
  '.body{padding:20px}',
  'h1{font-size:20px;margin:0 0 8px}',
  'h2{font-size:15px;margin:24px 0 8px}',
  '.desc{margin:0;color:#52606d;overflow-wrap:anywhere}',
  '.amount{font-size:28px;font-weight:700;margin:4px 0 12px}',
  'dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0 0 16px;font-size:14px}',
  'dt{color:#7b8794}dd{margin:0;overflow-wrap:anywhere}',
  'label{display:block;font-size:14px;font-weight:600;margin:12px 0 4px}',
  'input{box-sizing:border-box;width:100%;padding:9px 10px;font:inherit;font-size:16px;border:1px solid #9aa5b1;border-radius:6px}',
  'input:focus{outline:2px solid #2680c2;outline-offset:1px}',
  'input[aria-invalid=true]{border-color:#ba2525}',
  '.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}',
  '.error{color:#ba2525;font-size:13px;margin:4px 0 0}',
  '.hint{color:#52606d;font-size:13px;margin:4px 0 0}',
  '.alert{border:1px solid #ba2525;background:#fde8e8;color:#8a1c1c;border-radius:6px;padding:10px 12px;margin:0 0 8px}',
  '.alert p{margin:0}',
  'button{width:100%;margin-top:18px;padding:11px;font:inherit;font-size:16px;font-weight:700;color:#fff;background:#2680c2;border:0;border-radius:6px;cursor:pointer}',
  'button:focus{outline:2px solid #243b53;outline-offset:2px}',
  '.cancel{display:block;text-align:center;margin:14px 0 0;color:#2680c2}',
  'table{width:100%;border-collapse:collapse;font-size:13px}',
  'th,td{text-align:left;padding:5px 4px;border-top:1px solid #e4e7eb;vertical-align:top}',
  'td:first-child{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;white-space:nowrap}',
  '.note{font-size:13px;color:#52606d}',
].join('\n');

const CSS_HASH = `'sha256-${createHash('sha256').update(CSS).digest('base64')}'`;

/** Escapes text for HTML content and double- or single-quoted attributes. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const originOf = (url: string) => {
  try {
    const origin = new URL(url).origin;
    return /^https?:\/\/[A-Za-z0-9.\-[\]:]+$/.test(origin) ? origin : null;
  } catch {
    return null;
  }
};

/**
 * The pages' policy: nothing loads but the stylesheet (by hash), no framing, and forms go only to this site and to
 * the origins of the checkout's return URLs (a form's redirect is checked against form-action too).
 */
export function pageCsp(checkout?: Pick<SandboxCheckout, 'successUrl' | 'errorUrl'>): string {
  const panel = checkout ? [...new Set([originOf(checkout.successUrl), originOf(checkout.errorUrl)].filter((o): o is string => o !== null))] : [];
  return [`default-src 'none'`, `style-src ${CSS_HASH}`, `form-action 'self'${panel.map((o) => ` ${o}`).join('')}`, `frame-ancestors 'none'`, `base-uri 'none'`].join('; ');
}

/** An amount in the page's language, from its exact decimal string (Intl formats a numeric string without a float). */
export function formatAmount(amount: string, currency: string, lang: string): string {
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency, currencyDisplay: 'code' }).format(amount as `${number}`);
  } catch {
    return `${amount} ${currency}`;
  }
}

function layout(texts: SandboxTexts, title: string, body: string): string {
  const brand = `${texts.brand} — ${texts.testMode}`;
  return (
    `<!doctype html><html lang="${escapeHtml(texts.lang)}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">' +
    `<title>${escapeHtml(title)} · ${escapeHtml(brand)}</title><style>${CSS}</style></head><body><main class="sheet">` +
    `<header class="brand"><strong>${escapeHtml(texts.brand)}</strong><span class="badge">${escapeHtml(texts.testMode)}</span></header>` +
    `<div class="body">${body}</div></main></body></html>`
  );
}

function summary(texts: SandboxTexts, checkout: SandboxCheckout): string {
  const rows = [[texts.payment, checkout.number], ...(checkout.email ? [[texts.email, checkout.email]] : [])];
  return (
    `<p class="desc">${escapeHtml(checkout.description)}</p>` +
    `<p class="amount">${escapeHtml(formatAmount(checkout.amount, checkout.currency, texts.lang))}</p>` +
    `<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`
  );
}

/** What the card form shows again after a form error: the problems, the fields kept, and the last 4 digits typed. */
export interface CardFormState {
  problems: Partial<Record<CardField, CardProblem>>;
  expiry: string;
  name: string;
  last4: string | null;
}

function field(texts: SandboxTexts, state: CardFormState | undefined, name: CardField, label: string, attrs: string, value = '', hint = ''): string {
  const problem = state?.problems[name];
  const described = [problem ? `${name}-error` : '', hint ? `${name}-hint` : ''].filter(Boolean).join(' ');
  return (
    `<div><label for="${name}">${escapeHtml(label)}</label>` +
    `<input id="${name}" name="${name}" value="${escapeHtml(value)}" ${attrs} required${problem ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}>` +
    (hint ? `<p class="hint" id="${name}-hint">${hint}</p>` : '') +
    (problem ? `<p class="error" id="${name}-error">${escapeHtml(texts.problems[problem])}</p>` : '') +
    '</div>'
  );
}

const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

function testCardsTable(texts: SandboxTexts): string {
  const rows = TEST_CARDS.map((c) => `<tr><td>${spaced(c.number)}</td><td>${escapeHtml(texts.cardOutcomes[c.behaviour])}</td></tr>`).join('');
  return (
    `<h2>${escapeHtml(texts.testCards)}</h2><table>${rows}<tr><td>…</td><td>${escapeHtml(texts.cardOutcomes.other)}</td></tr></table>` +
    `<p class="note">${escapeHtml(texts.testCardsNote)}</p>`
  );
}

/** The payment page: what is paid, the card form (again with its problems after a form error), Cancel, and the test cards. */
export function checkoutPage(texts: SandboxTexts, checkout: SandboxCheckout, token: string, state?: CardFormState): string {
  const amount = escapeHtml(formatAmount(checkout.amount, checkout.currency, texts.lang));
  const alert = state ? `<div class="alert" role="alert"><p>${escapeHtml(texts.checkDetails)}</p></div>` : '';
  const retype = state?.last4 ? fill(escapeHtml(texts.retypeNumber), { last4: escapeHtml(state.last4) }) : '';
  const numberAttrs = `inputmode="numeric" autocomplete="cc-number" placeholder="${state?.last4 ? `•••• ${escapeHtml(state.last4)}` : '4242 4242 4242 4242'}" maxlength="23"`;
  const form =
    `<form method="post" action="pay">` +
    `<input type="hidden" name="token" value="${escapeHtml(token)}">` +
    field(texts, state, 'number', texts.cardNumber, numberAttrs, '', retype) +
    '<div class="row">' +
    field(texts, state, 'expiry', texts.expiry, 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="7"', state?.expiry ?? '') +
    field(texts, state, 'cvc', texts.cvc, 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4"') +
    '</div>' +
    field(texts, state, 'name', texts.cardholder, 'autocomplete="cc-name" maxlength="100"', state?.name ?? '') +
    (checkout.saveForRecurring ? `<p class="hint">${escapeHtml(texts.savesCard)}</p>` : '') +
    `<button type="submit">${fill(escapeHtml(texts.pay), { amount })}</button></form>` +
    `<a class="cancel" href="${escapeHtml(checkout.errorUrl)}">${escapeHtml(texts.cancel)}</a>`;
  return layout(texts, checkout.description || texts.payment, summary(texts, checkout) + alert + form + testCardsTable(texts));
}

/** The bank's confirmation page of a card that asks for a code. */
export function challengePage(texts: SandboxTexts, challenge: SandboxChallenge): string {
  const body =
    summary(texts, challenge.checkout) +
    `<h1>${escapeHtml(texts.challengeTitle)}</h1><p>${fill(escapeHtml(texts.challengeText), { last4: escapeHtml(challenge.last4) })}</p>` +
    `<form method="post" action="challenge"><input type="hidden" name="challenge" value="${escapeHtml(challenge.token)}">` +
    `<label for="code">${escapeHtml(texts.code)}</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="10" required>` +
    `<button type="submit">${escapeHtml(texts.confirm)}</button></form>` +
    `<a class="cancel" href="${escapeHtml(challenge.checkout.errorUrl)}">${escapeHtml(texts.cancel)}</a>`;
  return layout(texts, texts.challengeTitle, body);
}

/** A page that only says something: a link that is not valid, one that expired, a payment that could not be recorded. */
export function messagePage(texts: SandboxTexts, title: string, text: string, back?: string): string {
  const link = back ? `<a class="cancel" href="${escapeHtml(back)}">${escapeHtml(texts.back)}</a>` : '';
  return layout(texts, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${link}`);
}

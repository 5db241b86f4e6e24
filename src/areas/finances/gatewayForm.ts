/** How the browser reaches a payment gateway: a form with these fields sent to `action` (POST payments' `form_params`). */
export interface GatewayForm {
  action: string;
  method: 'GET' | 'POST';
  fields: Record<string, string | undefined>;
}

/**
 * Builds a real form from the gateway's parameters and submits it, as the gateway expects: the page leaves for the
 * gateway (`target` `_self`), or the gateway opens in a named frame. Only http(s) and same-site actions are followed.
 * @throws when the action is not an http(s) URL or a path of this site.
 */
export function submitGatewayForm(params: GatewayForm, target = '_self', doc: Document = document): void {
  const action = new URL(params.action, doc.baseURI);
  if (action.protocol !== 'https:' && action.protocol !== 'http:') throw new Error(`The payment service gave an address the panel does not follow: ${params.action}`);
  const form = doc.createElement('form');
  form.method = params.method;
  form.action = action.href;
  form.target = target;
  form.style.display = 'none';
  // A GET form replaces the action's query with its fields: keep the action's own parameters as fields too.
  const fields = params.method === 'GET' ? { ...Object.fromEntries(action.searchParams), ...params.fields } : params.fields;
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  doc.body.append(form);
  form.submit();
  form.remove();
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { submitGatewayForm } from './gatewayForm';

describe('submitGatewayForm', () => {
  afterEach(() => vi.restoreAllMocks());

  it('submits a real form with the gateway’s fields, by its method, to its action', () => {
    const sent: { action: string; method: string; target: string; fields: Record<string, string> }[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      sent.push({ action: this.action, method: this.method, target: this.target, fields: Object.fromEntries(new FormData(this) as unknown as Iterable<[string, string]>) });
    });
    submitGatewayForm({ action: '/sandbox-gateway/checkout?lang=en', method: 'GET', fields: { session: 'cs_1' } });
    submitGatewayForm({ action: 'https://pay.example/checkout', method: 'POST', fields: { token: 't' } }, 'gateway-frame');
    expect(sent).toEqual([
      { action: `${location.origin}/sandbox-gateway/checkout?lang=en`, method: 'get', target: '_self', fields: { lang: 'en', session: 'cs_1' } },
      { action: 'https://pay.example/checkout', method: 'post', target: 'gateway-frame', fields: { token: 't' } },
    ]);
    expect(document.querySelectorAll('form')).toHaveLength(0);
  });

  it('refuses an address that is not http(s)', () => {
    expect(() => submitGatewayForm({ action: 'javascript:alert(1)', method: 'GET', fields: {} })).toThrow(/does not follow/);
  });
});

import { describe, expect, it } from 'vitest';
import { apiOrigin } from './apiOrigin';

const at = (hostname: string, port = '', protocol = 'https:') => ({ protocol, hostname, port });

describe('apiOrigin', () => {
  it('replaces the first label with core when the host has three or more labels', () => {
    expect(apiOrigin(at('panel.acme.com'))).toBe('https://core.acme.com');
    expect(apiOrigin(at('ads.eu.acme.co.uk', '8443'))).toBe('https://core.eu.acme.co.uk:8443');
  });

  it('keeps the page origin for short hosts, IPs and *.localhost', () => {
    expect(apiOrigin(at('acme.com'))).toBe('https://acme.com');
    expect(apiOrigin(at('localhost', '5173', 'http:'))).toBe('http://localhost:5173');
    expect(apiOrigin(at('acme.localhost', '5173', 'http:'))).toBe('http://acme.localhost:5173');
    expect(apiOrigin(at('panel.acme.localhost', '5173', 'http:'))).toBe('http://panel.acme.localhost:5173');
    expect(apiOrigin(at('192.168.1.20', '3000', 'http:'))).toBe('http://192.168.1.20:3000');
    expect(apiOrigin(at('[::1]', '3000', 'http:'))).toBe('http://[::1]:3000');
  });

  it('lets an explicit override win, without a trailing slash', () => {
    expect(apiOrigin(at('panel.acme.com'), 'http://127.0.0.1:9000/')).toBe('http://127.0.0.1:9000');
  });
});

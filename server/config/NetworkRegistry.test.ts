import { describe, expect, it } from 'vitest';
import { coreHostOf, hostnameOf, NetworkRegistry } from './NetworkRegistry';
import type { NetworkConfig } from './networkConfig';

const config = (id: string, hosts: string[], isDefault = false) => ({ id, hosts, default: isDefault }) as unknown as NetworkConfig;

describe('NetworkRegistry', () => {
  const registry = new NetworkRegistry([config('a', ['a.localhost', 'panel.a.com']), config('b', ['b.localhost', 'panel.b.co.uk'], true)]);

  it('strips ports and case from the Host header', () => {
    expect(hostnameOf('Panel.A.com:8443')).toBe('panel.a.com');
    expect(hostnameOf('[::1]:8080')).toBe('[::1]');
    expect(hostnameOf(undefined)).toBe('');
  });

  it('derives core hosts only for 3+ labels', () => {
    expect(coreHostOf('panel.a.com')).toBe('core.a.com');
    expect(coreHostOf('a.localhost')).toBeNull();
    expect(coreHostOf('core.a.com')).toBeNull();
  });

  it('resolves page hosts, core hosts, and falls back to the flagged default', () => {
    expect(registry.resolve('a.localhost:8080').id).toBe('a');
    expect(registry.resolve('core.a.com').id).toBe('a');
    expect(registry.resolve('core.b.co.uk').id).toBe('b');
    expect(registry.resolve('unknown.example').id).toBe('b');
    expect(registry.resolve(undefined).id).toBe('b');
  });

  it('uses the first network as default when none is flagged', () => {
    expect(new NetworkRegistry([config('x', ['x.localhost']), config('y', ['y.localhost'])]).resolve('z').id).toBe('x');
  });

  it('allows only http(s) origins of the network own hosts', () => {
    const a = registry.get('a');
    expect(registry.allowsOrigin(a, 'https://panel.a.com')).toBe(true);
    expect(registry.allowsOrigin(a, 'http://a.localhost:5173')).toBe(true);
    expect(registry.allowsOrigin(a, 'https://panel.b.co.uk')).toBe(false);
    expect(registry.allowsOrigin(a, 'null')).toBe(false);
    expect(() => registry.get('c')).toThrow('Unknown network "c". Known: a, b');
  });
});

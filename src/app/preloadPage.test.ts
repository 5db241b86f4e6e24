import { describe, expect, it, vi } from 'vitest';
import { ROUTES } from './routes';
import { preloadPage } from './router';

describe('preloadPage', () => {
  it('starts loading the page the router would show, ranked as the router ranks paths', () => {
    const create = ROUTES.find((r) => r.id === 'campaignCreate')!;
    const load = vi.spyOn(create, 'page');
    expect(preloadPage('/campaigns/create', true)?.id).toBe('campaignCreate');
    expect(load).toHaveBeenCalledTimes(1);
    expect(preloadPage('/campaigns/42/edit', true)?.id).toBe('campaignEdit');
    expect(preloadPage('/campaigns/42', true)?.id).toBe('campaign');
  });

  it('loads nothing of the signed-in panel for a guest, who will be sent to sign in', () => {
    const campaigns = ROUTES.find((r) => r.id === 'campaigns')!;
    const load = vi.spyOn(campaigns, 'page');
    expect(preloadPage('/campaigns', false)).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
    expect(preloadPage('/login', false)?.layout).toBe('default');
    expect(preloadPage('/no-such-page', true)).toBeUndefined();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldDomId, firstFieldElement, revealFirstError } from './revealError';

function form(html: string): HTMLFormElement {
  const el = document.createElement('form');
  el.innerHTML = html;
  document.body.append(el);
  return el;
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('revealFirstError', () => {
  it('maps dotted paths to RJSF ids', () => {
    expect(fieldDomId('targets.country.countries')).toBe('root_targets_country_countries');
    expect(fieldDomId('cpa_goals.0.price')).toBe('root_cpa_goals_0_price');
  });

  it('picks the first field in the page, not in the order the errors came', () => {
    const f = form('<input id="root_name"><div id="root_limits"><input id="root_limits_total"></div><input id="root_price">');
    expect(firstFieldElement(f, ['price', 'limits.total'])?.id).toBe('root_limits_total');
    // A part of a field without an input of its own falls back to the nearest shown ancestor.
    expect(firstFieldElement(f, ['limits.missing'])?.id).toBe('root_limits');
  });

  it('scrolls the first error to the middle of the view and focuses it, waiting for a section to open', async () => {
    const f = form('<div id="root_targets"></div><input id="root_price">');
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    revealFirstError(f, ['targets.country.countries']);
    // The section opens a frame later and mounts its field.
    f.querySelector('#root_targets')!.innerHTML = '<input id="root_targets_country_countries">';
    await vi.waitFor(() => expect(scroll).toHaveBeenCalledWith({ block: 'center' }));
    expect(document.activeElement?.id).toBe('root_targets_country_countries');
  });
});

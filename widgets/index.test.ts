import { describe, expect, it } from 'vitest';
import { RegistryError } from '../engine/registry/createRegistry';
import { customWidgets, templates, widgets } from './index';
import { widgetRegistry } from './widgetRegistry';

describe('widget registry', () => {
  it('registers the custom widgets under short camelCase aliases', () => {
    expect(Object.keys(customWidgets)).toEqual(expect.arrayContaining(['lookup', 'listText', 'money', 'captcha', 'media', 'switch']));
    expect(widgetRegistry.get('lookup')).toBe(widgets.lookup);
    expect(widgetRegistry.get('textarea')).toBe(widgets.TextareaWidget);
    expect(templates.ButtonTemplates?.SubmitButton).toBeDefined();
  });

  it('names the known aliases on a miss', () => {
    expect(() => widgetRegistry.get('lookp')).toThrow(RegistryError);
    expect(() => widgetRegistry.get('lookp')).toThrow(/Unknown widget "lookp"\. Registered: .*textarea.*lookup, listText, money, captcha/);
  });
});

import { describe, expect, it } from 'vitest';
import { planText } from './planText';
import { contrastRatio, parseHex, readablePlanColor } from './planColor';

const plan = {
  name: 'Servidor',
  description: 'Elegido por el servidor',
  translations: [
    { locale: 'ru', name: 'Рост', description: 'Десять провайдеров' },
    { locale: 'en', name: 'Growth', description: 'Ten providers' },
    { locale: 'de', name: 'Wachstum', description: 'Zehn Anbieter' },
  ],
};

describe('planText', () => {
  it('picks the reader’s language, else English, else the first translation', () => {
    expect(planText(plan, 'de')).toEqual({ name: 'Wachstum', description: 'Zehn Anbieter' });
    expect(planText(plan, 'jp')).toEqual({ name: 'Growth', description: 'Ten providers' });
    const noEnglish = { ...plan, translations: plan.translations.filter((t) => t.locale !== 'en') };
    expect(planText(noEnglish, 'es')).toEqual({ name: 'Рост', description: 'Десять провайдеров' });
  });

  it('keeps the server’s pick when the plan has no translations', () => {
    expect(planText({ ...plan, translations: [] }, 'en')).toEqual({ name: 'Servidor', description: 'Elegido por el servidor' });
  });
});

describe('readablePlanColor', () => {
  it('keeps a colour readable on the card, drops one that is not, and ignores anything but a hex colour', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21);
    expect(readablePlanColor('#215db0', false)).toBe('#215db0');
    expect(readablePlanColor('#215db0', true)).toBeUndefined();
    expect(readablePlanColor('#ffd966', false)).toBeUndefined();
    expect(readablePlanColor('#ffd966', true)).toBe('#ffd966');
    expect(readablePlanColor('red; background: url(x)', false)).toBeUndefined();
    expect(readablePlanColor(null, false)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { reserveAfterEdit, reserveFor, subtractMoney } from './reserve';

describe('campaign reserve', () => {
  it('holds the daily money limit, or the smallest daily limit, never more than is free', () => {
    expect(reserveFor({ limitType: 'money', dailyLimit: '50.00' }, '1250.50')).toBe('50.00');
    expect(reserveFor({ limitType: 'money', dailyLimit: '50.00' }, '30.00')).toBe('30.00');
    expect(reserveFor({ limitType: 'clicks', dailyLimit: '500' }, '100')).toBe('10.00');
    expect(reserveFor({ limitType: 'money', dailyLimit: null }, '0.00')).toBeNull();
  });

  it('after an edit: follows the new limit up and down, capped by the free money, 0.00 with nothing free (F18)', () => {
    expect(reserveAfterEdit({ limitType: 'money', dailyLimit: '100000.00' }, '1000.00')).toBe('1000.00');
    expect(reserveAfterEdit({ limitType: 'money', dailyLimit: '60.00' }, '100.00')).toBe('60.00');
    expect(reserveAfterEdit({ limitType: 'impressions', dailyLimit: '100000' }, '100.00')).toBe('10.00');
    expect(reserveAfterEdit({ limitType: 'money', dailyLimit: '60.00' }, '0.00')).toBe('0.00');
    expect(reserveAfterEdit({ limitType: 'money', dailyLimit: '60.00' }, '-25.00')).toBe('0.00');
  });

  it('subtracts money exactly', () => {
    expect(subtractMoney('70.00', '50.00')).toBe('20.00');
    expect(subtractMoney('0.30', '0.10')).toBe('0.20');
    expect(subtractMoney('20.00', '20.00')).toBe('0.00');
  });
});

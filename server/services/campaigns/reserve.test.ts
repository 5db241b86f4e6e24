import { describe, expect, it } from 'vitest';
import { reserveFor, subtractMoney } from './reserve';

describe('campaign reserve', () => {
  it('holds the daily money limit, or the smallest daily limit, never more than is free', () => {
    expect(reserveFor({ limitType: 'money', dailyLimit: '50.00' }, '1250.50')).toBe('50.00');
    expect(reserveFor({ limitType: 'money', dailyLimit: '50.00' }, '30.00')).toBe('30.00');
    expect(reserveFor({ limitType: 'clicks', dailyLimit: '500' }, '100')).toBe('10.00');
    expect(reserveFor({ limitType: 'money', dailyLimit: null }, '0.00')).toBeNull();
  });

  it('subtracts money exactly', () => {
    expect(subtractMoney('70.00', '50.00')).toBe('20.00');
    expect(subtractMoney('0.30', '0.10')).toBe('0.20');
    expect(subtractMoney('20.00', '20.00')).toBe('0.00');
  });
});

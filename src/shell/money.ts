import { formatNumber, MISSING_VALUE } from '../../engine/format';

/** Money as the top bar shows it: the network's currency sign (when it shows one) and 2 decimals; '-' while unknown. */
export function formatMoney(value: string | null | undefined, locale: string, sign: string, kind: 'money' | 'cost' = 'money'): string {
  if (value === null || value === undefined || value === '') return '-';
  const text = formatNumber(value, kind, locale);
  if (text === MISSING_VALUE) return '-';
  return text.startsWith('-') ? `-${sign}${text.slice(1)}` : `${sign}${text}`;
}

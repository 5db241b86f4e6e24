import { makeAutoObservable } from 'mobx';
import type { ApiClient } from '../../../engine/api';
import { formatDecimal, sumDecimals, tryParseDecimal, type Decimal } from '../../../engine/format';
import { loadInto } from '../../../engine/state/loadInto';

/** One item of `GET week-spent`: money spent (a decimal string), per day or per campaign. */
export interface WeekSpendItem {
  money?: string | number | null;
  [k: string]: unknown;
}

/** The exact sum of the items' money, as a decimal string with 4 decimals; items without money count as zero. */
export function sumWeekSpend(items: readonly WeekSpendItem[]): string {
  const values = items.map((i) => tryParseDecimal(i.money)).filter((d): d is Decimal => d !== null);
  return formatDecimal(sumDecimals(values), 4);
}

/** What was spent this week (top bar), summed exactly from `GET week-spent`. */
export class WeekSpendStore {
  /** The sum with 4 decimals, or null until loaded. */
  total: string | null = null;
  status: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  error: unknown = null;

  constructor(private readonly api: Pick<ApiClient, 'get'>) {
    makeAutoObservable<WeekSpendStore, 'api'>(this, { api: false });
  }

  /** Loads and sums the week's items; a failure shows its message (the api client's toast) and sets `error`. */
  async load(): Promise<void> {
    if (this.status === 'loading') return;
    await loadInto(
      this,
      () => this.api.get<{ data: WeekSpendItem[] }>('week-spent'),
      ({ data }) => (this.total = sumWeekSpend(Array.isArray(data) ? data : [])),
    );
  }

  /** Forgets everything (sign-out). */
  reset() {
    this.total = null;
    this.status = 'idle';
    this.error = null;
  }
}

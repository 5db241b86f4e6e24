import { makeAutoObservable } from 'mobx';
import type { ApiClient } from '../../../engine/api';
import { formatDecimal, sumDecimals, tryParseDecimal, type Decimal } from '../../../engine/format';
import { Loader } from '../../../engine/state/Loader';

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
  /** `GET week-spent`; a failure shows its message (the api client's toast) and is kept in `error`. */
  readonly loader = new Loader({
    fetch: (signal) => this.api.get<{ data: WeekSpendItem[] }>('week-spent', { signal }),
    apply: ({ data }) => (this.total = sumWeekSpend(Array.isArray(data) ? data : [])),
  });

  constructor(private readonly api: Pick<ApiClient, 'get'>) {
    makeAutoObservable<WeekSpendStore, 'api'>(this, { api: false, loader: false });
  }

  get status() {
    return this.loader.status;
  }

  get error(): unknown {
    return this.loader.error;
  }

  /** Loads and sums the week's items, unless loaded or loading (a call during the load shares it); a failure is tried again on the next call. */
  async load(): Promise<void> {
    await this.loader.once();
  }

  /** Forgets everything (sign-out). */
  reset() {
    this.loader.reset();
    this.total = null;
  }
}

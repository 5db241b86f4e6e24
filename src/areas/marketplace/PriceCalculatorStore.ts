import { makeAutoObservable, runInAction } from 'mobx';
import { isCancel, ValidationError, type ApiClient } from '../../../engine/api';
import type { FlatDeal, MarketplaceFlatDealPriceAnswer } from '../../../generated/types';

/** How long the amount must rest before it is priced. */
export const PRICE_DELAY_MS = 350;

type LimitType = FlatDeal['limit_type'];

/**
 * The price calculator of a deal: a limit type and an amount as typed, priced by `POST flat-deals/{id}/price` once
 * typing rests; a newer price request cancels the one in flight, so the quote shown is always the last asked. A
 * value out of the deal's range is told at once, without asking; the server's own refusal shows under the field.
 */
export class PriceCalculatorStore {
  limitType: LimitType;
  /** The amount as typed. */
  amount: string;
  quote: MarketplaceFlatDealPriceAnswer | null = null;
  problem: string | null = null;
  pricing = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private controller: AbortController | null = null;

  constructor(
    private readonly api: Pick<ApiClient, 'post'>,
    readonly deal: Pick<FlatDeal, 'id' | 'limits' | 'limit_type' | 'limit_value'>,
    private readonly delayMs = PRICE_DELAY_MS,
  ) {
    this.limitType = deal.limit_type;
    this.amount = String(deal.limit_value);
    makeAutoObservable<PriceCalculatorStore, 'api' | 'timer' | 'controller' | 'delayMs'>(this, { api: false, deal: false, timer: false, controller: false, delayMs: false }, { autoBind: true });
  }

  /** The limit chosen, with its range and rate. */
  get limit() {
    return this.deal.limits.find((l) => l.limit_type === this.limitType) ?? this.deal.limits[0]!;
  }

  /** The amount as a whole number in the limit's range, or null. */
  get value(): number | null {
    const n = Number(this.amount.replace(/[\s,_]/g, ''));
    return Number.isInteger(n) && n >= this.limit.min_value && n <= this.limit.max_value ? n : null;
  }

  /** Whether the amount is out of range (the page says the range). */
  get outOfRange(): boolean {
    return this.amount.trim() !== '' && this.value === null;
  }

  setLimitType(type: LimitType): void {
    if (type === this.limitType) return;
    this.limitType = type;
    // Another unit: start from its smallest package rather than a number meant for the other.
    this.amount = String(this.limit.min_value);
    this.schedule();
  }

  setAmount(amount: string): void {
    this.amount = amount;
    this.schedule();
  }

  /** Both at once, as a form holding them changes (the application form): priced once typing rests. */
  setPackage(type: LimitType, amount: string): void {
    if (type === this.limitType && amount === this.amount) return;
    this.limitType = type;
    this.amount = amount;
    this.schedule();
  }

  /** Prices the current package now (the first price, and the retry after a failure). */
  async price(): Promise<void> {
    clearTimeout(this.timer);
    this.controller?.abort();
    const value = this.value;
    if (value === null) {
      this.quote = null;
      this.pricing = false;
      return;
    }
    const controller = new AbortController();
    this.controller = controller;
    this.pricing = true;
    this.problem = null;
    try {
      const { data } = await this.api.post<{ data: MarketplaceFlatDealPriceAnswer }>(`flat-deals/${this.deal.id}/price`, { limit_type: this.limitType, limit_value: value }, { signal: controller.signal, silent: true });
      runInAction(() => {
        this.quote = data;
        this.pricing = false;
      });
    } catch (error) {
      if (isCancel(error) || controller.signal.aborted) return;
      runInAction(() => {
        this.quote = null;
        this.pricing = false;
        this.problem = error instanceof ValidationError ? Object.values(error.errors).flat().join(' ') : error instanceof Error ? error.message : String(error);
      });
    }
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.controller?.abort();
    this.pricing = this.value !== null;
    this.timer = setTimeout(() => void this.price(), this.delayMs);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.controller?.abort();
  }
}

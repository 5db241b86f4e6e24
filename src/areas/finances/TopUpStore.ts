import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { ValidationError, type ApiClient } from '../../../engine/api';
import { Loader } from '../../../engine/state/Loader';
import type { FinancesPaymentSubscriptionAnswer } from '../../../generated/types';
import { amountProblem, type AmountProblem, type PaymentMethod } from './paymentMethods';

/** The automatic top-up as the server keeps it, or null when none is set. */
export type TopUp = FinancesPaymentSubscriptionAnswer;

export type TopUpField = 'payment_method_id' | 'change_amount' | 'threshold';
export type TopUpProblem = { client: AmountProblem | { kind: 'method' } } | { server: string };

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

/**
 * The automatic top-up (`GET`, `PUT` and `DELETE payment-subscriptions`): when the free balance falls below the
 * threshold, the card kept from an earlier payment is charged the amount. The form starts from what is set; saving
 * checks the amount against the method's bounds first, and the server's 422s stay under their fields.
 */
export class TopUpStore {
  current: TopUp | null = null;
  methodId: number | null = null;
  changeAmount = '';
  threshold = '';
  errors: Partial<Record<TopUpField, TopUpProblem>> = {};
  failure: string | null = null;
  busy: 'save' | 'remove' | null = null;
  /** Bumped after a save or turn-off went through (the page says so). */
  saved: 'saved' | 'removed' | null = null;
  readonly loader: Loader<TopUp>;

  constructor(
    private readonly api: Pick<ApiClient, 'request'>,
    /** The network's methods that can keep a card. */
    private readonly methods: () => readonly PaymentMethod[],
  ) {
    this.loader = new Loader({
      fetch: async (signal) => (await api.request<{ data: TopUp }>({ method: 'GET', url: 'payment-subscriptions', signal, silent: true })).data.data,
      apply: (topUp) => this.take(topUp),
    });
    makeAutoObservable<TopUpStore, 'api' | 'methods'>(this, { api: false, methods: false, loader: false, current: observableRef }, { autoBind: true });
  }

  /** The methods that can keep a card for automatic charges. */
  get recurringMethods(): readonly PaymentMethod[] {
    return this.methods().filter((m) => m.recurring);
  }

  get method(): PaymentMethod | undefined {
    return this.recurringMethods.find((m) => m.id === this.methodId);
  }

  private take(topUp: TopUp) {
    this.current = topUp;
    this.methodId = topUp?.payment_method_id ?? this.recurringMethods[0]?.id ?? null;
    this.changeAmount = topUp?.change_amount ?? '';
    this.threshold = topUp?.threshold ?? '';
    this.errors = {};
  }

  set(field: TopUpField, value: string | number): void {
    if (field === 'payment_method_id') this.methodId = Number(value);
    else if (field === 'change_amount') this.changeAmount = String(value);
    else this.threshold = String(value);
    const errors = { ...this.errors };
    delete errors[field];
    this.errors = errors;
    this.saved = null;
    this.failure = null;
  }

  validate(): boolean {
    const errors: Partial<Record<TopUpField, TopUpProblem>> = {};
    if (!this.method) errors.payment_method_id = { client: { kind: 'method' } };
    const amount = amountProblem(this.method, this.changeAmount);
    if (amount) errors.change_amount = { client: amount };
    if (!this.threshold) errors.threshold = { client: { kind: 'required' } };
    else if (!AMOUNT.test(this.threshold)) errors.threshold = { client: { kind: 'format' } };
    this.errors = errors;
    return Object.keys(errors).length === 0;
  }

  /** Saves the top-up (a failed one starts charging again); false with the errors shown when it could not. */
  async save(): Promise<boolean> {
    if (this.busy || !this.validate()) return false;
    return this.run('save', async () => {
      const body = { payment_method_id: this.methodId, change_amount: this.changeAmount, threshold: this.threshold };
      const answer = await this.api.request<{ data: TopUp }>({ method: 'PUT', url: 'payment-subscriptions', data: body, silent: true });
      runInAction(() => {
        this.take(answer.data.data);
        this.saved = 'saved';
      });
    });
  }

  /** Turns the top-up off. */
  async remove(): Promise<boolean> {
    if (this.busy) return false;
    return this.run('remove', async () => {
      await this.api.request({ method: 'DELETE', url: 'payment-subscriptions', silent: true });
      runInAction(() => {
        this.take(null);
        this.saved = 'removed';
      });
    });
  }

  private async run(kind: 'save' | 'remove', call: () => Promise<void>): Promise<boolean> {
    this.busy = kind;
    this.failure = null;
    this.saved = null;
    try {
      await call();
      return true;
    } catch (error) {
      runInAction(() => {
        if (error instanceof ValidationError) {
          const errors: Partial<Record<TopUpField, TopUpProblem>> = {};
          for (const field of ['payment_method_id', 'change_amount', 'threshold'] as const) {
            const message = error.first(field);
            if (message) errors[field] = { server: message };
          }
          this.errors = errors;
          this.failure = Object.entries(error.errors).find(([field]) => !(field in errors))?.[1]?.[0] ?? null;
        } else {
          this.failure = error instanceof Error ? error.message : String(error);
        }
      });
      return false;
    } finally {
      runInAction(() => (this.busy = null));
    }
  }

  dispose(): void {
    this.loader.abort();
  }
}

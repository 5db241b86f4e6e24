import { makeAutoObservable, runInAction } from 'mobx';
import { ApiError, ValidationError, isCancel, type ApiClient } from '../../../engine/api';
import { quote, type Quote } from '../../../engine/money/quote';
import { Loader } from '../../../engine/state/Loader';
import type { FinancesPaymentAnswer } from '../../../generated/types';
import type { GatewayForm } from './gatewayForm';
import { IdempotencyKeys } from './idempotencyKey';
import { amountProblem, isInvoiceMethod, quoteRules, type AmountProblem, type PaymentMethod } from './paymentMethods';

/** The fields of the add-funds form that errors are shown under. */
export type AddFundsField = 'payment_method_id' | 'amount' | 'save_card';

/** A field's problem: found here before sending (translated by the page), or the server's message. */
export type FieldProblem = { client: AmountProblem | { kind: 'method' } } | { server: string };

export interface AddFundsOptions {
  /** The network's methods (`GET settings`), read when needed (they may load after the page). */
  methods: () => readonly PaymentMethod[];
  /** Whether the network takes card payments only from a verified card (`GET settings` → `card_verification_required`). */
  verificationRequired: () => boolean;
  /** Leaves for the gateway with its form (the page submits a real form). */
  go: (form: GatewayForm, strategy: PaymentMethod['strategy']) => void;
  keys?: IdempotencyKeys;
}

/**
 * The add-funds page: the chosen method, the amount (a decimal string) and "keep the card", the live quote of what
 * reaches the balance (the engine's `quote`, which the server charges too), whether the card must be verified first,
 * and the payment's start: `POST payments` with an Idempotency-Key, then the gateway's form. Errors stay under their
 * fields and the input is kept.
 */
export class AddFundsStore {
  methodId: number | null = null;
  amount = '';
  saveCard = false;
  errors: Partial<Record<AddFundsField, FieldProblem>> = {};
  /** A failure that belongs to no field (the server did not answer, the gateway is down). */
  failure: string | null = null;
  submitting = false;
  /** The gateway's page is opening: the form stays busy until the page is left. */
  leaving = false;
  /** `GET verifications/card`: whether the user's card is verified (loaded only where the network requires it). */
  readonly verification: Loader<boolean>;
  cardVerified: boolean | null = null;
  private readonly keys: IdempotencyKeys;

  constructor(
    private readonly api: Pick<ApiClient, 'request'>,
    private readonly options: AddFundsOptions,
  ) {
    this.keys = options.keys ?? new IdempotencyKeys();
    this.verification = new Loader({
      fetch: async (signal) => (await api.request<{ data: { card_verified: boolean } }>({ method: 'GET', url: 'verifications/card', signal, silent: true })).data.data.card_verified,
      apply: (verified) => (this.cardVerified = verified),
    });
    makeAutoObservable<AddFundsStore, 'api' | 'options' | 'keys'>(this, { api: false, options: false, keys: false, verification: false }, { autoBind: true });
  }

  get methods(): readonly PaymentMethod[] {
    return this.options.methods();
  }

  get method(): PaymentMethod | undefined {
    return this.methods.find((m) => m.id === this.methodId);
  }

  /** What the amount brings with the chosen method, or null until both are usable. */
  get quote(): Quote | null {
    const method = this.method;
    if (!method || !/^\d{1,9}(\.\d{1,2})?$/.test(this.amount)) return null;
    return quote(this.amount, quoteRules(method));
  }

  /** The chosen method pays by card and the network wants a verified card, which this user does not have (yet). */
  get needsVerification(): boolean {
    return this.method?.type === 'card' && this.options.verificationRequired() && this.cardVerified === false;
  }

  /** Starts from a link (`?method=1&amount=500.00`, "try again"), else the first method; the amount is kept as given when it is one. */
  start(params: URLSearchParams): void {
    const wanted = Number(params.get('method'));
    const method = this.methods.find((m) => m.id === wanted) ?? this.methods.find((m) => !isInvoiceMethod(m)) ?? this.methods[0];
    if (method) this.select(method.id);
    const amount = params.get('amount');
    if (amount && /^\d{1,9}(\.\d{1,2})?$/.test(amount)) this.amount = amount;
    if (this.options.verificationRequired()) void this.verification.once();
  }

  select(id: number): void {
    this.methodId = id;
    if (!this.method?.recurring) this.saveCard = false;
    this.clear('payment_method_id');
    // The amount's bounds are the method's: an error about them no longer holds.
    this.clear('amount');
    this.failure = null;
  }

  setAmount(amount: string): void {
    this.amount = amount;
    this.clear('amount');
    this.failure = null;
  }

  setSaveCard(save: boolean): void {
    this.saveCard = save;
    this.clear('save_card');
  }

  private clear(field: AddFundsField) {
    if (!this.errors[field]) return;
    const errors = { ...this.errors };
    delete errors[field];
    this.errors = errors;
  }

  /** Checks the form before sending; the problems are shown under their fields. */
  validate(): boolean {
    const errors: Partial<Record<AddFundsField, FieldProblem>> = {};
    if (!this.method) errors.payment_method_id = { client: { kind: 'method' } };
    const problem = amountProblem(this.method, this.amount);
    if (problem) errors.amount = { client: problem };
    this.errors = errors;
    return Object.keys(errors).length === 0;
  }

  /**
   * Starts the payment: `POST payments` (the same Idempotency-Key when the same request is sent again), then the
   * gateway's form. A 422 puts the server's messages under their fields; another failure is kept in `failure` with
   * the key, so that "try again" cannot pay twice.
   * @returns whether the page is leaving for the gateway.
   */
  async submit(): Promise<boolean> {
    const method = this.method;
    if (this.submitting || this.leaving || !this.validate() || !method || isInvoiceMethod(method)) return false;
    const body = { payment_method_id: method.id, amount: this.amount, ...(method.recurring ? { save_card: this.saveCard } : {}) };
    this.submitting = true;
    this.failure = null;
    try {
      const answer = await this.api.request<{ data: FinancesPaymentAnswer }>({ method: 'POST', url: 'payments', data: body, headers: { 'Idempotency-Key': this.keys.keyFor(body) }, silent: true });
      const payment = answer.data.data;
      this.keys.used();
      if (!payment.form_params) {
        throw new ApiError('The payment service gave no page to pay on. Try again in a few minutes.', answer.status, answer.data);
      }
      runInAction(() => (this.leaving = true));
      this.options.go(payment.form_params, method.strategy);
      return true;
    } catch (error) {
      if (isCancel(error)) return false;
      runInAction(() => {
        if (error instanceof ValidationError) {
          const errors: Partial<Record<AddFundsField, FieldProblem>> = {};
          for (const field of ['payment_method_id', 'amount', 'save_card'] as const) {
            const message = error.first(field);
            if (message) errors[field] = { server: message };
          }
          this.errors = errors;
          const other = Object.entries(error.errors).find(([field]) => !(field in errors))?.[1]?.[0];
          this.failure = other ?? null;
          // The server may know better than the page that the card is not verified (a verification withdrawn meanwhile).
          if (errors.payment_method_id && method.type === 'card' && this.options.verificationRequired()) void this.verification.run();
        } else {
          this.failure = error instanceof Error ? error.message : String(error);
        }
      });
      return false;
    } finally {
      runInAction(() => (this.submitting = false));
    }
  }

  /** The page is shown again after the gateway's page (the browser's back button): it is no longer leaving. */
  resume(): void {
    this.leaving = false;
    this.submitting = false;
  }

  dispose(): void {
    this.verification.abort();
  }
}

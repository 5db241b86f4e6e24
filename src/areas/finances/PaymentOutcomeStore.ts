import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { isCancel, type ApiClient } from '../../../engine/api';
import type { FinancesPaymentAnswer } from '../../../generated/types';

/** How often the success page asks again while the bank decides, and for how long. */
export const POLL_EVERY_MS = 2_000;
export const POLL_FOR_MS = 60_000;

/** A payment's status that no longer changes by itself. */
export const isFinal = (status: FinancesPaymentAnswer['status']) => status === 'succeeded' || status === 'failed' || status === 'cancelled' || status === 'refunded';

/**
 * Where the page stands: loading the payment; `waiting` for the gateway's word (polling); `final` (the payment's
 * own status says how it ended); `slow` (still not decided after a minute: the page stops asking and offers to ask
 * again); `missing` (no such payment of this user); `error` (it could not be read).
 */
export type OutcomeState = 'loading' | 'waiting' | 'final' | 'slow' | 'missing' | 'error';

export interface OutcomeOptions {
  /** Keep asking until the payment is final (the success page); else read it once (the error page). */
  poll: boolean;
  everyMs?: number;
  forMs?: number;
  now?: () => number;
  /** Called once when the payment is seen succeeded (the top bar's balance is refreshed). */
  onSucceeded?: (payment: FinancesPaymentAnswer) => void;
}

/**
 * The payment the gateway sent the user back about (`GET payments/{id}`): read once, or asked again every 2 s for up
 * to a minute until the gateway's webhook has decided it. The page shows the state; nothing here throws.
 */
export class PaymentOutcomeStore {
  payment: FinancesPaymentAnswer | null = null;
  state: OutcomeState = 'loading';
  error: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private controller: AbortController | null = null;
  private startedAt = 0;
  private readonly everyMs: number;
  private readonly forMs: number;
  private readonly now: () => number;

  constructor(
    private readonly api: Pick<ApiClient, 'request'>,
    readonly id: string,
    private readonly options: OutcomeOptions,
  ) {
    this.everyMs = options.everyMs ?? POLL_EVERY_MS;
    this.forMs = options.forMs ?? POLL_FOR_MS;
    this.now = options.now ?? Date.now;
    makeAutoObservable<PaymentOutcomeStore, 'api' | 'options' | 'timer' | 'controller' | 'startedAt' | 'everyMs' | 'forMs' | 'now'>(
      this,
      { api: false, options: false, timer: false, controller: false, startedAt: false, everyMs: false, forMs: false, now: false, id: false, payment: observableRef },
      { autoBind: true },
    );
  }

  /** Reads the payment (and keeps asking while it is undecided, when polling); again from the start after `slow` or `error`. */
  start(): void {
    this.stop();
    if (!/^\d{1,10}$/.test(this.id)) {
      this.state = 'missing';
      return;
    }
    this.startedAt = this.now();
    if (this.state !== 'loading' && this.payment) this.state = 'waiting';
    void this.read();
  }

  private async read(): Promise<void> {
    this.controller = new AbortController();
    try {
      const answer = await this.api.request<{ data: FinancesPaymentAnswer }>({ method: 'GET', url: `payments/${this.id}`, signal: this.controller.signal, silent: true });
      const payment = answer.data.data;
      const wasFinal = this.payment !== null && isFinal(this.payment.status);
      runInAction(() => {
        this.payment = payment;
        this.error = null;
      });
      if (isFinal(payment.status) || !this.options.poll) {
        runInAction(() => (this.state = 'final'));
        if (payment.status === 'succeeded' && !wasFinal) this.options.onSucceeded?.(payment);
        return;
      }
      if (this.now() - this.startedAt + this.everyMs > this.forMs) {
        runInAction(() => (this.state = 'slow'));
        return;
      }
      runInAction(() => (this.state = 'waiting'));
      this.timer = setTimeout(() => void this.read(), this.everyMs);
    } catch (error) {
      if (isCancel(error)) return;
      runInAction(() => {
        this.state = (error as { status?: number }).status === 404 ? 'missing' : 'error';
        this.error = error instanceof Error ? error.message : String(error);
      });
    }
  }

  /** Stops asking (the page is left). */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.controller?.abort();
    this.controller = null;
  }
}

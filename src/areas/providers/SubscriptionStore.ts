import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { ApiClient } from '../../../engine/api';
import { ValidationError, isCancel } from '../../../engine/api/errors';
import { compareDecimals, parseDecimal } from '../../../engine/format/decimal';
import { Loader, statusOfAll } from '../../../engine/state/Loader';
import type { ProvidersSubscription, ProvidersSubscriptionAnswer, SubscriptionPlan, SubscriptionQuote } from '../../../generated/types';

/** What a plan's button does: subscribe, change to it, resume a cancelled one, pay a past-due one now, or cancel. */
export type PlanAction = 'subscribe' | 'change' | 'resume' | 'pay' | 'cancel';

/** The action waiting for the user's confirmation. */
export interface PendingAction {
  action: PlanAction;
  plan: SubscriptionPlan;
}

type Api = Pick<ApiClient, 'get' | 'post' | 'put' | 'delete'>;

const PATH = 'traffic-provider-subscriptions';

/** The message of a failed call as the dialog shows it: the server's own (409), or the plan field's (422). */
export function problemText(error: unknown): string {
  if (error instanceof ValidationError) return error.first('traffic_provider_subscription_plan_id') ?? Object.values(error.errors).flat()[0] ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The subscription page: the network's plans (`GET traffic-provider-subscription-plans`) and the user's subscription
 * (`GET traffic-provider-subscriptions`), and one action at a time: asked for (`open`), its quote loaded (what it
 * charges now; none for a cancel), then confirmed (`confirm`: POST, PUT or DELETE). A refusal (409, 422) stays in
 * the dialog as `problem`; success closes it and reads the subscription again.
 */
export class SubscriptionStore {
  plans: SubscriptionPlan[] = [];
  subscription: ProvidersSubscriptionAnswer | null = null;
  pending: PendingAction | null = null;
  quote: SubscriptionQuote | null = null;
  submitting = false;
  /** Why the confirmed action was refused, shown in the dialog. */
  problem: string | null = null;

  readonly plansLoader = new Loader<{ data: SubscriptionPlan[] }>({
    fetch: (signal) => this.api.get('traffic-provider-subscription-plans', { signal, silent: true }),
    apply: ({ data }) => (this.plans = data),
  });
  readonly subscriptionLoader = new Loader<{ data: ProvidersSubscriptionAnswer | null }>({
    fetch: (signal) => this.api.get(PATH, { signal, silent: true }),
    apply: ({ data }) => (this.subscription = data),
  });
  readonly quoteLoader = new Loader<{ data: SubscriptionQuote }>({
    fetch: (signal) => this.api.get(`${PATH}/quote`, { signal, silent: true, params: { traffic_provider_subscription_plan_id: this.pending?.plan.id } }),
    apply: ({ data }) => (this.quote = data),
  });

  constructor(private readonly api: Api) {
    makeAutoObservable<SubscriptionStore, 'api'>(
      this,
      { api: false, plansLoader: false, subscriptionLoader: false, quoteLoader: false, plans: observableRef, subscription: observableRef, quote: observableRef, pending: observableRef },
      { autoBind: true },
    );
  }

  /** Loads the plans and the subscription. */
  start(): void {
    void this.plansLoader.once();
    void this.subscriptionLoader.once();
  }

  /** Both loads together: the page shows the plans only once it knows which is the user's. */
  get status() {
    return statusOfAll([this.plansLoader, this.subscriptionLoader]);
  }

  get error(): unknown {
    return this.plansLoader.error ?? this.subscriptionLoader.error;
  }

  /** Loads again what failed. */
  retry(): void {
    for (const loader of [this.plansLoader, this.subscriptionLoader]) if (loader.status === 'error') void loader.retry();
  }

  /** The plans, the user's first, then by price. */
  get sortedPlans(): SubscriptionPlan[] {
    const current = this.subscription?.plan.id;
    return [...this.plans].sort((a, b) => Number(b.id === current) - Number(a.id === current) || compareDecimals(parseDecimal(a.price), parseDecimal(b.price)) || a.id - b.id);
  }

  isCurrent(plan: SubscriptionPlan): boolean {
    return this.subscription?.plan.id === plan.id;
  }

  /** The buttons of a plan's card: what the user may do with it, given their subscription. */
  actionsOf(plan: SubscriptionPlan): PlanAction[] {
    const s = this.subscription;
    if (!s) return plan.status === 'active' ? ['subscribe'] : [];
    if (s.plan.id !== plan.id) return plan.status === 'active' ? ['change'] : [];
    if (s.status === 'cancelled') return ['resume'];
    if (s.status === 'past_due') return ['pay', 'cancel'];
    return ['cancel'];
  }

  /** Asks for an action: opens its dialog and loads what it charges (a cancel charges nothing and has no quote). */
  open(action: PlanAction, plan: SubscriptionPlan): void {
    this.pending = { action, plan };
    this.quote = null;
    this.problem = null;
    if (action === 'cancel') this.quoteLoader.reset();
    else void this.quoteLoader.run();
  }

  /** Closes the dialog without doing anything (not while the call runs). */
  close(): void {
    if (this.submitting) return;
    this.pending = null;
    this.quote = null;
    this.problem = null;
    this.quoteLoader.reset();
  }

  /** Whether the dialog may be confirmed: its quote is there (or none is needed) and no call runs. */
  get canConfirm(): boolean {
    if (!this.pending || this.submitting) return false;
    return this.pending.action === 'cancel' || this.quote !== null;
  }

  /**
   * Runs the pending action. Resolves the action done (the dialog closes and the subscription is read again),
   * or null when it was refused (the reason is in `problem`, the dialog stays open).
   */
  async confirm(): Promise<PlanAction | null> {
    const pending = this.pending;
    if (!pending || !this.canConfirm) return null;
    this.submitting = true;
    this.problem = null;
    const body: ProvidersSubscription = { traffic_provider_subscription_plan_id: pending.plan.id };
    try {
      const answer =
        pending.action === 'subscribe'
          ? await this.api.post<{ data: ProvidersSubscriptionAnswer }>(PATH, body, { silent: true })
          : pending.action === 'cancel'
            ? await this.api.delete<{ data: ProvidersSubscriptionAnswer }>(PATH, { silent: true })
            : await this.api.put<{ data: ProvidersSubscriptionAnswer }>(PATH, body, { silent: true });
      runInAction(() => {
        this.subscription = answer.data;
        this.submitting = false;
        this.pending = null;
        this.quote = null;
      });
      // The answer is the subscription; reading it again also catches what a renewal job changed meanwhile.
      void this.subscriptionLoader.run();
      return pending.action;
    } catch (error) {
      runInAction(() => {
        this.submitting = false;
        if (!isCancel(error)) this.problem = problemText(error);
      });
      return null;
    }
  }

  dispose(): void {
    this.plansLoader.abort();
    this.subscriptionLoader.abort();
    this.quoteLoader.abort();
  }
}

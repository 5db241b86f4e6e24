import { runInAction } from 'mobx';

/** The states of a store's load. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/**
 * One load of a MobX store: `status` goes to `loading`; then, in one action, the answer is applied and the status
 * is `ready` (an earlier `error` is cleared), or the error is kept and the status is what `failed` names (`error`,
 * unless the store tells a 404 apart). Never throws; resolves whether the load succeeded.
 * @example await loadInto(this, () => this.api.get('week-spent'), ({ data }) => (this.total = sum(data)));
 */
export async function loadInto<S extends { status: string; error?: unknown }, T>(
  store: S,
  request: () => Promise<T>,
  apply: (answer: T) => void,
  failed: (error: unknown) => S['status'] = () => 'error',
): Promise<boolean> {
  runInAction(() => {
    store.status = 'loading';
  });
  try {
    const answer = await request();
    runInAction(() => {
      apply(answer);
      store.status = 'ready';
      if ('error' in store) store.error = null;
    });
    return true;
  } catch (error) {
    runInAction(() => {
      if ('error' in store) store.error = error;
      store.status = failed(error);
    });
    return false;
  }
}

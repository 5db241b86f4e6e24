import type { ApiClient } from '../../../engine/api';
import { takeEarlyInstallPrompt } from '../../app/earlyInstallPrompt';
import { FullManageStore } from './FullManageStore';
import { InstallPromptStore } from './InstallPromptStore';
import { ShellUiStore } from './ShellUiStore';
import { UpdateCheckStore } from './UpdateCheckStore';
import { WeekSpendStore } from './WeekSpendStore';

/**
 * The stores only the signed-in shell uses. They live in the shell's chunk (created on its first render) so
 * the sign-in page never loads them; the RootStore keeps a reference to reset them on sign-out.
 */
export class ShellStores {
  readonly ui = new ShellUiStore();
  readonly installPrompt = new InstallPromptStore();
  readonly updates = new UpdateCheckStore();
  readonly weekSpend: WeekSpendStore;
  readonly fullManage: FullManageStore;

  constructor(api: Pick<ApiClient, 'get'>) {
    this.weekSpend = new WeekSpendStore(api);
    this.fullManage = new FullManageStore(api);
    const early = takeEarlyInstallPrompt();
    if (early) this.installPrompt.onPrompt(early);
  }

  /** Forgets what belonged to the signed-in user. */
  reset() {
    this.weekSpend.reset();
    this.fullManage.reset();
  }
}

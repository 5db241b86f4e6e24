import type { ReportFilters } from './reportFilters';
import type { ReportScreen } from './statisticsScreens';

/** A saved report: a name and everything needed to open the same report again. */
export interface ReportPreset {
  name: string;
  /** The id of the grouping's column set. */
  grouping: string;
  filters: ReportFilters;
  /**
   * Set when the report was saved with a range ending today: the range is then "the last N days" and moves with
   * the calendar (a "last 14 days" report opened next week shows next week's 14 days), else the saved dates hold.
   */
  relativeDays?: number;
  /**
   * Columns of the grouping left out of the table. Kept as the hidden ones rather than the visible ones so a
   * column added to the set later shows up in old reports.
   */
  hiddenColumns: string[];
  /** The chart's metric. */
  metric: string;
}

/** What is kept per user and network. */
export interface SavedReports {
  version: 1;
  /** Saved reports of each screen, in the order they were saved. */
  presets: Partial<Record<ReportScreen, ReportPreset[]>>;
  /** The column chooser's choice per column set id: the columns hidden. */
  hiddenColumns: Record<string, string[]>;
}

const EMPTY: SavedReports = { version: 1, presets: {}, hiddenColumns: {} };

/**
 * The localStorage key of a user's saved reports and column choices: `adpanel:statistics:<network id>:<user id>`.
 * Per network and per user, so two accounts on one browser (or one person on two networks' panels) never see
 * each other's reports. Only this browser keeps them; a later issue may move them to the server, behind the same
 * `load`/`save` shape.
 */
export function reportStorageKey(networkId: string, userId: number | string): string {
  return `adpanel:statistics:${networkId}:${userId}`;
}

/** Reads and writes a user's saved reports; a broken or foreign value reads as none, a full storage is ignored. */
export class ReportStorage {
  constructor(
    private readonly key: string,
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null = typeof localStorage === 'undefined' ? null : localStorage,
  ) {}

  load(): SavedReports {
    try {
      const raw = this.storage?.getItem(this.key);
      if (!raw) return structuredClone(EMPTY);
      const value = JSON.parse(raw) as Partial<SavedReports>;
      if (value?.version !== 1 || typeof value.presets !== 'object' || typeof value.hiddenColumns !== 'object') return structuredClone(EMPTY);
      return { version: 1, presets: value.presets ?? {}, hiddenColumns: value.hiddenColumns ?? {} };
    } catch {
      return structuredClone(EMPTY);
    }
  }

  save(value: SavedReports): void {
    try {
      this.storage?.setItem(this.key, JSON.stringify(value));
    } catch {
      // Storage full or disabled (private mode): the choice lasts for this page only.
    }
  }
}

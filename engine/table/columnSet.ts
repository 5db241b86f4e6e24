/** The kinds of column a column set may declare. */
export const COLUMN_TYPES = ['text', 'date', 'datetime', 'count', 'money', 'cost', 'percent', 'id'] as const;

/** How a column's value is read and shown. */
export type ColumnType = (typeof COLUMN_TYPES)[number];

/** How a column's total is computed: summed, averaged, or not at all. */
export type TotalRule = 'sum' | 'avg' | 'none';

/** A sort direction. */
export type SortDirection = 'asc' | 'desc';

/** Which column a table is sorted by, and how. */
export interface SortState {
  column: string;
  direction: SortDirection;
}

/** One column of a column set (data from `schemas/statistics/<grouping>.columns.json`). */
/** The value of a row's field by column id; rows are any objects (an API answer's row type, generated from its schema). */
export const cellValue = (row: object, id: string): unknown => (row as Record<string, unknown>)[id];

export interface ColumnDef {
  /** Stable id: the row key it reads, the sort key sent to the server, the translation key of its title. */
  id: string;
  /** English title; translations are keyed by id. */
  title: string;
  type: ColumnType;
  total: TotalRule;
  /** Defaults to true. */
  sortable?: boolean;
  /** Defaults to right for numbers and left otherwise. */
  align?: 'left' | 'center' | 'right';
  /** Statistics sets: what the server puts in the column (key, label, a metric…); defaults to the id. */
  field?: string;
  /** date and datetime columns: a fixed pattern (UTC) where the product names one, e.g. `DD.MM.YYYY HH:mm`. */
  format?: string;
  /** Hidden until the user picks it in the table's column chooser (engine/table/columnVisibility.ts). */
  defaultHidden?: boolean;
}

/**
 * A named list of columns with its default sort. `source` is what the application attaches to a set (the statistics
 * screens: where its rows come from, typed from schemas/meta/column-set.schema.json); the engine passes it through.
 */
export interface ColumnSet<Source = unknown> {
  id: string;
  title: string;
  columns: ColumnDef[];
  defaultSort: SortState;
  source?: Source;
}

const NUMERIC: ReadonlySet<ColumnType> = new Set(['count', 'money', 'cost', 'percent']);

/** Whether values of this type are numbers (compared and totalled as exact decimals). */
export function isNumericType(type: ColumnType): boolean {
  return NUMERIC.has(type);
}

/** Where a column's cells align: its `align`, else right for numbers and left otherwise. */
export function columnAlign(column: ColumnDef): 'left' | 'center' | 'right' {
  return column.align ?? (isNumericType(column.type) ? 'right' : 'left');
}

/** Whether a column can be sorted by (columns are sortable unless they say otherwise). */
export function isSortable(column: ColumnDef): boolean {
  return column.sortable !== false;
}

/** Thrown when a column set breaks a rule its JSON Schema cannot express. */
export class ColumnSetError extends Error {
  override name = 'ColumnSetError';
}

/**
 * Checks what the JSON Schema cannot: column ids are unique and the default sort names a sortable column.
 * Returns the set, typed. `source` names the file in messages.
 * @throws {ColumnSetError} naming the source, the offending id and the valid choices.
 */
export function checkColumnSet<S>(set: ColumnSet<S>, source = set.id): ColumnSet<S> {
  const seen = new Set<string>();
  for (const column of set.columns) {
    if (seen.has(column.id)) throw new ColumnSetError(`${source}: column "${column.id}" is declared twice`);
    if (!(COLUMN_TYPES as readonly string[]).includes(column.type)) {
      throw new ColumnSetError(`${source}: column "${column.id}" has type "${column.type}"; valid: ${COLUMN_TYPES.join(', ')}`);
    }
    seen.add(column.id);
  }
  const sortable = set.columns.filter(isSortable).map((c) => c.id);
  if (!sortable.includes(set.defaultSort.column)) {
    throw new ColumnSetError(
      `${source}: /defaultSort/column "${set.defaultSort.column}" is not a sortable column; valid: ${sortable.join(', ')}`,
    );
  }
  return set;
}

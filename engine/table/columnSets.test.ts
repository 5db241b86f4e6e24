import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import meta from '../../schemas/meta/column-set.schema.json';
import { ColumnSetError, checkColumnSet, columnAlign, type ColumnSet } from './columnSet';
import { createColumnSetRegistry } from './columnSets';
import { formatCell } from './formatCell';

const files = import.meta.glob('../../schemas/statistics/*.columns.json', { eager: true, import: 'default' });
const validate = new Ajv({ allErrors: true }).compile(meta);

describe('column set data files', () => {
  it('finds the example sets', () => {
    expect(Object.keys(files).map((p) => p.split('/').pop())).toEqual(
      expect.arrayContaining(['date.columns.json', 'campaign.columns.json']),
    );
  });

  it.each(Object.entries(files))('%s matches schemas/meta/column-set.schema.json', (_path, data) => {
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
  });

  it('all pass the checks the schema cannot express, under their file ids', () => {
    const registry = createColumnSetRegistry(files);
    expect(registry.ids().sort()).toEqual(expect.arrayContaining(['campaign', 'date']));
    const ids = (id: string) => registry.get(id).columns.map((c) => c.id);
    expect(ids('date')).toEqual(['date', 'cost', 'impressions', 'clicks', 'video_views', 'ctr', 'conversions', 'payouts']);
    expect(ids('campaign')).toEqual(expect.arrayContaining([...ids('date').slice(1), 'campaign_id', 'campaign', 'reserved_balance']));
    expect(registry.get('date').defaultSort).toEqual({ column: 'date', direction: 'desc' });
    expect(() => registry.get('dat')).toThrow(/Unknown column set "dat"\. Registered: .*date/);
  });

  it('the meta schema rejects an unknown type and a missing total rule', () => {
    const bad = { id: 'x', title: 'X', defaultSort: { column: 'a', direction: 'asc' }, columns: [{ id: 'a', title: 'A', type: 'float' }] };
    expect(validate(bad)).toBe(false);
    expect(validate.errors?.map((e) => e.instancePath)).toEqual(expect.arrayContaining(['/columns/0', '/columns/0/type']));
  });
});

describe('checkColumnSet', () => {
  const base: ColumnSet = {
    id: 't',
    title: 'T',
    columns: [
      { id: 'a', title: 'A', type: 'text', total: 'none' },
      { id: 'b', title: 'B', type: 'count', total: 'sum', sortable: false },
    ],
    defaultSort: { column: 'a', direction: 'asc' },
  };

  it('rejects duplicate ids and a default sort on a missing or unsortable column, naming the file', () => {
    expect(() => checkColumnSet({ ...base, columns: [base.columns[0], base.columns[0]] }, 't.columns.json')).toThrow(
      't.columns.json: column "a" is declared twice',
    );
    expect(() => checkColumnSet({ ...base, defaultSort: { column: 'b', direction: 'asc' } })).toThrow(
      't: /defaultSort/column "b" is not a sortable column; valid: a',
    );
    expect(() => checkColumnSet({ ...base, defaultSort: { column: 'b', direction: 'asc' } })).toThrow(ColumnSetError);
  });

  it('rejects a set whose id differs from its file name', () => {
    expect(() => createColumnSetRegistry({ '/x/other.columns.json': base })).toThrow(
      '/x/other.columns.json: /id is "t" but the file is named "other"',
    );
  });

  it('aligns numbers right and the rest left unless told', () => {
    expect(columnAlign(base.columns[0])).toBe('left');
    expect(columnAlign(base.columns[1])).toBe('right');
    expect(columnAlign({ ...base.columns[1], align: 'center' })).toBe('center');
  });
});

describe('formatCell', () => {
  const col = (type: ColumnSet['columns'][number]['type']) => ({ id: 'x', title: 'X', type, total: 'none' as const });
  it('formats by column type', () => {
    expect(formatCell(col('money'), '1234.5')).toBe('1,234.50');
    expect(formatCell(col('cost'), '0.12345')).toBe('0.1235');
    expect(formatCell(col('count'), 12345)).toBe('12,345');
    expect(formatCell(col('percent'), 0.01234)).toBe('1.23%');
    expect(formatCell(col('id'), 12345)).toBe('12345');
    expect(formatCell(col('date'), '2026-11-21')).toBe('2026-11-21');
    expect(formatCell(col('text'), 'Spring sale')).toBe('Spring sale');
    expect(formatCell(col('text'), null)).toBe('—');
    expect(formatCell(col('money'), '')).toBe('—');
  });

  it('shows an API timestamp in the user’s language in UTC, and leaves other date texts as they came', () => {
    expect(formatCell(col('datetime'), '2026-11-26T15:00:38.416Z', 'en')).toBe('Nov 26, 2026, 15:00');
    expect(formatCell(col('datetime'), '2026-11-26T15:00:38.416Z', 'de')).toBe('26. Nov. 2026, 15:00');
    expect(formatCell(col('datetime'), '2026-11-20 13:00', 'en')).toBe('2026-11-20 13:00');
  });

  it('writes a date or timestamp in the column’s fixed format when it has one (payments: DD.MM.YYYY HH:mm, UTC)', () => {
    expect(formatCell({ ...col('datetime'), format: 'DD.MM.YYYY HH:mm' }, '2026-11-26T15:00:38.416Z', 'de')).toBe('26.11.2026 15:00');
    expect(formatCell({ ...col('date'), format: 'DD.MM.YYYY' }, '2026-11-21')).toBe('21.11.2026');
    expect(formatCell({ ...col('datetime'), format: 'DD.MM.YYYY HH:mm' }, null)).toBe('—');
  });
});

export interface KeyValueRow {
  id: number;
  key: string;
  value: string;
}

let nextId = 1;
export const newRow = (key = '', value = ''): KeyValueRow => ({ id: nextId++, key, value });

/** The rows that say something: a row with an empty name is left out. */
export const filledRows = (rows: readonly KeyValueRow[]): { key: string; value: string }[] =>
  rows.filter((r) => r.key.trim() !== '').map(({ key, value }) => ({ key: key.trim(), value }));

import { describe, expect, it } from 'vitest';
import type { FileRow } from '@common/schemas/file';
import { fileRow } from '../testing';
import { bulkChanges, isDirty, moveItem, reconcileIds } from './order';

const row = (id: number, name: string, order = 0, owner = 1): FileRow =>
  fileRow(id, name, { order, owner_id: owner, display_type: 'generic' });

const all = () => true;

describe('moveItem', () => {
  it('moves up, down and clamps', () => {
    expect(moveItem([1, 2, 3], 2, 0)).toEqual([3, 1, 2]);
    expect(moveItem([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveItem([1, 2, 3], 0, 9)).toEqual([2, 3, 1]);
    expect(moveItem([1, 2, 3], 5, 0)).toEqual([1, 2, 3]);
  });
});

describe('reconcileIds', () => {
  it('drops deleted files and appends new ones', () => {
    const files = [row(1, 'a'), row(3, 'c'), row(4, 'd')];
    expect(reconcileIds([3, 2, 1], files)).toEqual([3, 1, 4]);
  });
});

describe('bulkChanges', () => {
  const files = [row(1, 'a.mp3', 0), row(2, 'b.mp3', 0), row(3, 'c.mp3', 0)];

  it('sends nothing when nothing changed', () => {
    expect(bulkChanges(files, [1, 2, 3], {}, all)).toEqual([]);
    expect(isDirty(files, [1, 2, 3], { 1: 'a.mp3' })).toBe(false);
  });

  it('sends only renamed files, with their own order, when the order was not touched', () => {
    expect(bulkChanges(files, [1, 2, 3], { 2: '  Second  ' }, all)).toEqual([{ id: 2, name_human: 'Second', order: 0 }]);
    expect(isDirty(files, [1, 2, 3], { 2: 'Second' })).toBe(true);
  });

  it('numbers every file by its place once the order changed', () => {
    expect(bulkChanges(files, [3, 1, 2], {}, all)).toEqual([
      { id: 3, name_human: 'c.mp3', order: 1 },
      { id: 1, name_human: 'a.mp3', order: 2 },
      { id: 2, name_human: 'b.mp3', order: 3 },
    ]);
    expect(isDirty(files, [3, 1, 2], {})).toBe(true);
  });

  it('skips files already at their place', () => {
    const numbered = [row(1, 'a', 1), row(2, 'b', 2), row(3, 'c', 3)];
    expect(bulkChanges(numbered, [2, 1, 3], {}, all)).toEqual([
      { id: 2, name_human: 'b', order: 1 },
      { id: 1, name_human: 'a', order: 2 },
    ]);
  });

  it('never sends a file the user may not manage', () => {
    const mixed = [row(1, 'mine', 0, 1), row(2, 'theirs', 0, 2)];
    expect(bulkChanges(mixed, [2, 1], { 2: 'renamed' }, (f) => f.owner_id === 1)).toEqual([{ id: 1, name_human: 'mine', order: 2 }]);
  });
});

import { describe, expect, it } from 'vitest';
import { formatSize } from './formatSize';

describe('formatSize', () => {
  it('keeps small sizes in bytes', () => {
    expect(formatSize(0, 'en')).toEqual({ key: 'sizeB', value: '0' });
    expect(formatSize(1023, 'en')).toEqual({ key: 'sizeB', value: '1,023' });
  });
  it('steps by 1024 with one decimal below 10', () => {
    expect(formatSize(1024, 'en')).toEqual({ key: 'sizeKB', value: '1' });
    expect(formatSize(1536, 'en')).toEqual({ key: 'sizeKB', value: '1.5' });
    expect(formatSize(20 * 1024 * 1024, 'en')).toEqual({ key: 'sizeMB', value: '20' });
    expect(formatSize(3.25 * 1024 ** 3, 'en')).toEqual({ key: 'sizeGB', value: '3.3' });
  });
  it('writes numbers the reader’s way', () => {
    expect(formatSize(1536, 'ru')).toEqual({ key: 'sizeKB', value: '1,5' });
  });
  it('treats nonsense as nothing', () => {
    expect(formatSize(Number.NaN, 'en')).toEqual({ key: 'sizeB', value: '0' });
    expect(formatSize(-5, 'en')).toEqual({ key: 'sizeB', value: '0' });
  });
});

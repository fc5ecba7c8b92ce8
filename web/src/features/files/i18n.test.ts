import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogueSection, testI18n } from '@/i18n/testI18n';
import { DISPLAY_TYPES } from '@common/schemas/file';

const filesStrings = catalogueSection('files.');

let i18n: I18n;
beforeAll(async () => {
  i18n = await testI18n();
});

const count = (lng: string, n: number) => i18n.getFixedT(lng)('files.files', { count: n });

describe('the attached-files count', () => {
  it.each([
    [0, '0 прикреплённых файлов'],
    [1, '1 прикреплённый файл'],
    [3, '3 прикреплённых файла'],
    [5, '5 прикреплённых файлов'],
    [11, '11 прикреплённых файлов'],
    [21, '21 прикреплённый файл'],
    [24, '24 прикреплённых файла'],
    [111, '111 прикреплённых файлов'],
  ])('in Russian: %i → %s', (n, text) => {
    expect(count('ru', n)).toBe(text);
  });

  it('in English', () => {
    expect(count('en', 1)).toBe('1 attached file');
    expect(count('en', 0)).toBe('0 attached files');
    expect(count('en', 3)).toBe('3 attached files');
  });
});

describe('the files strings', () => {
  it('hold the same keys in both languages (Russian adds its plural forms)', () => {
    const base = (o: object) => [...new Set(Object.keys(o).map((k) => k.replace(/_(one|few|many|other)$/, '')))].sort();
    expect(base(filesStrings.ru)).toEqual(base(filesStrings.en));
  });

  it('name every display type in both languages', () => {
    for (const lng of ['en', 'ru'] as const)
      for (const type of DISPLAY_TYPES) expect(filesStrings[lng]).toHaveProperty(`type_${type}`, expect.any(String));
  });
});

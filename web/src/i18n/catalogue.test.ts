import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MSG } from '@common/messages';
import en from './en.json';
import ru from './ru.json';

const catalogues: Record<string, Record<string, string>> = { en, ru };
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Literal keys passed to t('...') anywhere in the app. */
function usedKeys(): string[] {
  const keys = new Set<string>();
  for (const file of sourceFiles(srcDir)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([^']+)'/g)) keys.add(m[1]);
  }
  return [...keys];
}

describe('i18n catalogues', () => {
  it.each(Object.keys(catalogues))('%s translates every message template', (lng) => {
    const missing = Object.values(MSG).filter((tpl) => typeof catalogues[lng][tpl] !== 'string');
    expect(missing).toEqual([]);
  });

  it.each(Object.keys(catalogues))('%s has every key the app uses', (lng) => {
    const cat = catalogues[lng];
    const has = (k: string) => k in cat || `${k}_other` in cat;
    expect(usedKeys().filter((k) => !has(k))).toEqual([]);
  });

  it('en and ru hold the same keys (plural forms aside)', () => {
    const base = (cat: Record<string, string>) => [...new Set(Object.keys(cat).map((k) => k.replace(PLURAL_SUFFIX, '')))].sort();
    expect(base(ru)).toEqual(base(en));
  });

  it('ru has the CLDR plural forms one, few, many and other', () => {
    const pluralKeys = new Set(
      Object.keys(ru)
        .filter((k) => PLURAL_SUFFIX.test(k))
        .map((k) => k.replace(PLURAL_SUFFIX, '')),
    );
    for (const k of pluralKeys) for (const form of ['one', 'few', 'many', 'other']) expect(ru).toHaveProperty(`${k}_${form}`);
  });

  it('translations keep the %s placeholders the server fills', () => {
    for (const tpl of Object.values(MSG)) {
      // a field suffix's %s names the field and may be dropped from the human text
      const needed = tpl.replace(/\s*\(field:[^)]*\)$/, '').split('%s').length - 1;
      for (const lng of Object.keys(catalogues)) expect((catalogues[lng][tpl] ?? '').split('%s').length - 1, `${lng}: ${tpl}`).toBe(needed);
    }
  });
});

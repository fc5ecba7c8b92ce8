export type SizeUnitKey = 'sizeB' | 'sizeKB' | 'sizeMB' | 'sizeGB';

const UNITS: SizeUnitKey[] = ['sizeB', 'sizeKB', 'sizeMB', 'sizeGB'];

/**
 * A byte count in the largest unit that keeps it at 1 or more (binary steps of 1024), as the
 * translation key of the unit and the number written the reader's way ("1.5" / "1,5").
 */
export function formatSize(bytes: number, language: string): { key: SizeUnitKey; value: string } {
  let value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : value < 10 ? 1 : 0;
  const text = new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
  return { key: UNITS[unit], value: text };
}

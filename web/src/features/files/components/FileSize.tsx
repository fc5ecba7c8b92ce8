import { useTranslation } from 'react-i18next';
import { formatSize } from '@/lib/formatSize';

export function FileSize({ bytes, className }: { bytes: number; className?: string }) {
  const { t, i18n } = useTranslation();
  const { key, value } = formatSize(bytes, i18n.language);
  return <span className={className}>{t(`files.${key}`, { value })}</span>;
}

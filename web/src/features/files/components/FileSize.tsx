import { useTranslation } from 'react-i18next';
import { FILES_NAMESPACE } from '../i18n';
import { formatSize } from '../utils/formatSize';

export function FileSize({ bytes, className }: { bytes: number; className?: string }) {
  const { t, i18n } = useTranslation(FILES_NAMESPACE);
  const { key, value } = formatSize(bytes, i18n.language);
  return <span className={className}>{t(key, { value })}</span>;
}

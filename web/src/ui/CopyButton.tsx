import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { namespaceRegistrar } from '@/i18n/namespace';

const COPY_NAMESPACE = 'copy';
const registerCopyStrings = namespaceRegistrar(COPY_NAMESPACE, {
  en: { copy: 'Copy', copied: 'Copied', copyFailed: 'Copy failed' },
  ru: { copy: 'Копировать', copied: 'Скопировано', copyFailed: 'Не скопировалось' },
});
registerCopyStrings(i18next);

/** Copies a text to the clipboard and says so for a moment. `label` replaces the visible word, `ariaLabel` names it for screen readers. */
export function CopyButton({
  text,
  label,
  ariaLabel,
  size = 'sm',
}: {
  text: string;
  label?: string;
  ariaLabel?: string;
  size?: 'sm' | 'lg';
}) {
  const { t, i18n } = useTranslation(COPY_NAMESPACE);
  registerCopyStrings(i18n);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 1500);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <Button
      variant={state === 'failed' ? 'outline-danger' : 'outline-secondary'}
      size={size}
      onClick={copy}
      disabled={!text}
      aria-label={ariaLabel}
    >
      {state === 'copied' ? t('copied') : state === 'failed' ? t('copyFailed') : (label ?? t('copy'))}
    </Button>
  );
}

import { useEffect, useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation();
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
      {state === 'copied' ? t('copy.copied') : state === 'failed' ? t('copy.copyFailed') : (label ?? t('copy.copy'))}
    </Button>
  );
}

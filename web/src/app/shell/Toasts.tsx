import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldOf, type Message } from '@common/messages';
import { translateMessage } from '@/i18n/translateMessage';
import { dismissMessage, type Shown, useMessageQueue } from '@/lib/messageQueue';

const VARIANT = ['success', 'info', 'warning', 'danger'] as const;
/** How long a success or an information stays, unless the pointer or the focus is on it. */
export const TOAST_MS = 5000;

const variantOf = (m: Message) => VARIANT[m.status] ?? 'danger';
/** Successes and information go by themselves; a warning or an error stays until closed. */
const passes = (m: Message) => m.status === 0 || m.status === 1;

function Toast({ shown }: { shown: Shown }) {
  const { t, i18n } = useTranslation();
  const { message, id } = shown;
  const [held, setHeld] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!passes(message) || held) return;
    const timer = setTimeout(() => dismissMessage(id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [id, message, held]);
  const field = fieldOf(message);
  const fieldLabelKey = field ? `field.${field}` : '';
  const variant = variantOf(message);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a status or alert; hovering or focusing it only holds its timer (WCAG 2.2.1)
    <div
      ref={box}
      className={`tales-toast alert alert-${variant} alert-dismissible shadow-sm mb-2`}
      role={passes(message) ? 'status' : 'alert'}
      data-variant={variant}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(box.current?.contains(document.activeElement) ?? false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => setHeld(box.current?.contains(event.relatedTarget as Node | null) ?? false)}
    >
      {field && i18n.exists(fieldLabelKey) && <strong>{t(fieldLabelKey)}: </strong>}
      {translateMessage(i18n, message)}
      <button type="button" className="btn-close" aria-label={t('common.close')} onClick={() => dismissMessage(id)} />
    </div>
  );
}

/**
 * The messages of spec section 4 as toasts in a corner: they never block the page. Read out by
 * screen readers as they come (a success politely, an error at once); a success or an
 * information leaves after a few seconds, a warning or an error stays until its close button.
 */
export function Toasts() {
  const { t } = useTranslation();
  const shown = useMessageQueue();
  return (
    <section className="tales-toasts" aria-label={t('messages.title')} data-testid="messages">
      {shown.map((s) => (
        <Toast key={s.id} shown={s} />
      ))}
    </section>
  );
}

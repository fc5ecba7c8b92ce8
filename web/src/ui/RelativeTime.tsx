import { useTranslation } from 'react-i18next';
import { formatDate, relativeDate } from '@/lib/dates';
import { createStore, useStore } from '@/lib/store';

/** A tick a minute, one timer for the whole page: every relative date shown is said again. */
const minutes = createStore(0);
let ticking = false;
function useMinuteTick(): void {
  if (!ticking && typeof window !== 'undefined') {
    ticking = true;
    window.setInterval(() => minutes.set((n) => n + 1), 60_000);
  }
  useStore(minutes);
}

/**
 * A moment as people say it ("5 minutes ago", "вчера", "Nov 3"), with the exact date and time on
 * hover (title) and for machines (datetime). Follows the UI language and the passing minutes.
 */
export function RelativeTime({ unixSeconds, className }: { unixSeconds: number; className?: string }) {
  const { i18n } = useTranslation();
  useMinuteTick();
  const exact = formatDate(unixSeconds, i18n.language, { withTime: true });
  return (
    <time dateTime={new Date(unixSeconds * 1000).toISOString()} title={exact} className={className}>
      {relativeDate(unixSeconds, i18n.language, Math.floor(Date.now() / 1000))}
    </time>
  );
}

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingRow } from '@/ui/LoadingRow';

/**
 * The end of a feed read with "All": when it comes into view, the next page is asked for. Says
 * so while it loads, for the eye and for screen readers.
 */
export function ReadOn({ active, loading, onEnd }: { active: boolean; loading: boolean; onEnd: () => void }) {
  const { t } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  const latest = useRef(onEnd);
  latest.current = onEnd;
  useEffect(() => {
    const el = end.current;
    if (!active || loading || !el) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) latest.current();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [active, loading]);
  if (!active) return null;
  return (
    <div ref={end} className="py-3" data-testid="feed-read-on">
      {loading && <LoadingRow label={t('feed.loadingMore')} className="d-flex justify-content-center" />}
    </div>
  );
}

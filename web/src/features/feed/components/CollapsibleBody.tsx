import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** Bodies taller than this start collapsed (CSS --tales-collapsed-height holds the same value). */
export const COLLAPSED_HEIGHT_PX = 384;

/** A long tale body starts cut to a fixed height, with a fade and a toggle to see all of it. */
export function CollapsibleBody({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const inner = useRef<HTMLDivElement>(null);
  const [tall, setTall] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const id = useId();

  useEffect(() => {
    const el = inner.current;
    if (!el) return;
    // images and media change the height after the first paint
    const measure = () => setTall(el.scrollHeight > COLLAPSED_HEIGHT_PX + 24);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const collapsed = tall && !expanded;
  return (
    <>
      <div
        id={id}
        className="tales-collapsible"
        data-collapsed={collapsed ? '1' : '0'}
        style={{ '--tales-collapsed-height': `${COLLAPSED_HEIGHT_PX}px` } as React.CSSProperties}
      >
        <div ref={inner}>{children}</div>
      </div>
      {tall && (
        <Button
          variant="link"
          size="sm"
          className="px-0"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? t('feed.showLess') : t('feed.showMore')}
        </Button>
      )}
    </>
  );
}

import type { MouseEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Pagination from 'react-bootstrap/Pagination';
import { useTranslation } from 'react-i18next';
import type { Pagination as PaginationData } from '@common/schemas/envelope';

/** How many pages either side of the current one are offered (spec section 9). */
export const PAGINATOR_SPREAD = 2;

/**
 * The page numbers to offer: the current page with two either side, clamped to the range.
 * First and last are separate buttons, so they are not repeated here.
 */
export function pageWindow(current: number, total: number, spread = PAGINATOR_SPREAD): number[] {
  const from = Math.max(1, current - spread);
  const to = Math.min(total, current + spread);
  const out: number[] = [];
  for (let p = from; p <= to; p++) out.push(p);
  return out;
}

export interface PaginatorProps {
  pagination: PaginationData;
  onPage: (page: number) => void;
  /** Loads the next page below the current ones ('More +pageSize'). */
  onMore?: () => void;
  /** Loads every row at once. */
  onAll?: () => void;
  /**
   * The address of a page: given, every page is a real link (it opens in a new tab, can be copied
   * and bookmarked), and a plain click still changes the page in place.
   */
  hrefOf?: (page: number) => string;
  /** Names this paginator for screen readers, where a screen has two (above and below a list). */
  label?: string;
  className?: string;
}

/**
 * First, previous, next or last: a sign for the eye and its name, in the page's language, for
 * screen readers (react-bootstrap's own First/Prev/Next/Last carry fixed English words).
 */
function Step({
  sign,
  name,
  ...item
}: {
  sign: string;
  name: string;
  disabled: boolean;
  href?: string;
  onClick: (event: MouseEvent) => void;
}) {
  return (
    <Pagination.Item {...item} title={name}>
      <span aria-hidden="true">{sign}</span>
      <span className="visually-hidden">{name}</span>
    </Pagination.Item>
  );
}

/** A click the browser should handle itself: a new tab or window, a download, a middle click. */
const isModified = (event: MouseEvent) => event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * Page navigation of spec section 9: nothing when there is one page; otherwise first, previous,
 * the current page with two either side, next, last, 'page x/y', and optionally 'More' and 'All'.
 */
export function Paginator({ pagination, onPage, onMore, onAll, hrefOf, label, className = '' }: PaginatorProps) {
  const { t } = useTranslation();
  const { pageCurrentNumber: current, pagesTotal: total, pageSize, rowsTotal } = pagination;
  if (!(total > 1)) return null;

  const go = (page: number) => {
    if (page !== current && page >= 1 && page <= total) onPage(page);
  };
  /** A page's link (href) and its click: in place, unless the person asked the browser for more. */
  const to = (page: number) => ({
    // a list whose pages have no address (likers, comments) gets buttons, not links to "#"
    ...(hrefOf ? {} : { as: 'button' as const, type: 'button' as const }),
    href: hrefOf && page !== current && page >= 1 && page <= total ? hrefOf(page) : undefined,
    onClick: (event: MouseEvent) => {
      if (hrefOf && isModified(event)) return;
      event.preventDefault();
      go(page);
    },
  });
  const atStart = current <= 1;
  const atEnd = current >= total;
  const moreCount = Math.min(pageSize, Math.max(0, rowsTotal - current * pageSize));

  return (
    <nav className={`tales-paginator d-flex flex-wrap align-items-center gap-2 ${className}`} aria-label={label ?? t('paginator.label')}>
      <Pagination className="mb-0 flex-wrap" size="sm">
        <Step disabled={atStart} {...to(1)} sign="«" name={t('paginator.first')} />
        <Step disabled={atStart} {...to(current - 1)} sign="‹" name={t('paginator.previous')} />
        {pageWindow(current, total).map((p) => (
          <Pagination.Item
            key={p}
            active={p === current}
            // aria-current says it (react-bootstrap's default is an untranslated '(current)')
            activeLabel=""
            {...to(p)}
            aria-label={t('paginator.page', { page: p })}
            aria-current={p === current ? 'page' : undefined}
          >
            {p}
          </Pagination.Item>
        ))}
        <Step disabled={atEnd} {...to(current + 1)} sign="›" name={t('paginator.next')} />
        <Step disabled={atEnd} {...to(total)} sign="»" name={t('paginator.last')} />
      </Pagination>
      <span className="text-body-secondary small text-nowrap" data-testid="paginator-position">
        {t('paginator.pageOf', { page: current, total })}
      </span>
      {onMore && !atEnd && moreCount > 0 && (
        <Button size="sm" variant="outline-secondary" onClick={onMore} aria-label={t('paginator.moreLabel', { count: moreCount })}>
          {t('paginator.more', { count: pageSize })}
        </Button>
      )}
      {onAll && rowsTotal > pageSize && (
        <Button size="sm" variant="outline-secondary" onClick={onAll} aria-label={t('paginator.allLabel', { count: rowsTotal })}>
          {t('paginator.all')}
        </Button>
      )}
    </nav>
  );
}

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
  className?: string;
}

/**
 * Page navigation of spec section 9: nothing when there is one page; otherwise first, previous,
 * the current page with two either side, next, last, 'page x/y', and optionally 'More' and 'All'.
 */
export function Paginator({ pagination, onPage, onMore, onAll, className = '' }: PaginatorProps) {
  const { t } = useTranslation();
  const { pageCurrentNumber: current, pagesTotal: total, pageSize, rowsTotal } = pagination;
  if (!(total > 1)) return null;

  const go = (page: number) => {
    if (page !== current && page >= 1 && page <= total) onPage(page);
  };
  const atStart = current <= 1;
  const atEnd = current >= total;
  const moreCount = Math.min(pageSize, Math.max(0, rowsTotal - current * pageSize));

  return (
    <nav className={`tales-paginator d-flex flex-wrap align-items-center gap-2 ${className}`} aria-label={t('paginator.label')}>
      <Pagination className="mb-0 flex-wrap" size="sm">
        <Pagination.First disabled={atStart} onClick={() => go(1)} aria-label={t('paginator.first')} title={t('paginator.first')} />
        <Pagination.Prev
          disabled={atStart}
          onClick={() => go(current - 1)}
          aria-label={t('paginator.previous')}
          title={t('paginator.previous')}
        />
        {pageWindow(current, total).map((p) => (
          <Pagination.Item
            key={p}
            active={p === current}
            // aria-current says it (react-bootstrap's default is an untranslated '(current)')
            activeLabel=""
            onClick={() => go(p)}
            aria-label={t('paginator.page', { page: p })}
            aria-current={p === current ? 'page' : undefined}
          >
            {p}
          </Pagination.Item>
        ))}
        <Pagination.Next disabled={atEnd} onClick={() => go(current + 1)} aria-label={t('paginator.next')} title={t('paginator.next')} />
        <Pagination.Last disabled={atEnd} onClick={() => go(total)} aria-label={t('paginator.last')} title={t('paginator.last')} />
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

import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Pagination } from '@common/schemas/envelope';
import type { Tale } from '@common/schemas/tale';
import { Paginator } from '@/ui/Paginator';
import { TaleCard } from './TaleCard';

/** A page of tales between two paginators (spec section 2: paginator at top and bottom). */
export function FeedList({
  tales,
  pagination,
  onPage,
  onMore,
  onAll,
  hrefOf,
  startRef,
  busy = false,
  renderLike,
}: {
  tales: Tale[];
  pagination: Pagination;
  onPage: (page: number) => void;
  /** Puts the next page under this one. */
  onMore?: () => void;
  /** Reads on to the end of the feed. */
  onAll?: () => void;
  /** Each page's address, where the page lives in the address (the feed). */
  hrefOf?: (page: number) => string;
  startRef?: Ref<HTMLDivElement>;
  busy?: boolean;
  /** Each card's like button, composed by the page (app/routes). */
  renderLike?: (tale: Tale) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div ref={startRef} className="tales-feed-start" aria-busy={busy} data-testid="feed-list">
      <Paginator pagination={pagination} onPage={onPage} hrefOf={hrefOf} label={t('paginator.above')} className="mb-3" />
      <div style={busy ? { opacity: 0.6 } : undefined}>
        {tales.map((tale, i) => (
          <TaleCard
            key={tale.id}
            tale={tale}
            prevId={i > 0 ? tales[i - 1].id : null}
            nextId={i < tales.length - 1 ? tales[i + 1].id : null}
            like={renderLike?.(tale)}
          />
        ))}
      </div>
      <Paginator
        pagination={pagination}
        onPage={onPage}
        onMore={onMore}
        onAll={onAll}
        hrefOf={hrefOf}
        label={t('paginator.below')}
        className="mb-4"
      />
    </div>
  );
}

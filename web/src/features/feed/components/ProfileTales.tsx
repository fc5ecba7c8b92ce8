import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_DEFAULT } from '@common/constants';
import type { Tale } from '@common/schemas/tale';
import { taleQueries } from '@/api/tales';
import { FeedList } from './FeedList';
import { FeedEmpty, FeedLoading } from './FeedStates';

/**
 * A user's own feed on the profile screen (owner filter): the owner and staff also see the
 * user's drafts and scheduled tales here, marked as such.
 */
export function ProfileTales({
  userId,
  renderLike,
  aside,
}: {
  userId: number;
  renderLike?: (tale: Tale) => ReactNode;
  /** Shown beside the heading (the author's feed link). */
  aside?: ReactNode;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState({ userId, page: 1 });
  // another profile opened in the same screen starts at its first page
  const page = state.userId === userId ? state.page : 1;
  const feed = useQuery(taleQueries.feed({ pageSize: PAGE_SIZE_DEFAULT, page, owner: userId }));
  const start = useRef<HTMLDivElement>(null);

  const onPage = (next: number) => {
    setState({ userId, page: next });
    if (next !== 1) start.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <section className="my-4" data-testid="profile-tales">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between column-gap-3 mb-3">
        <h2 className="h4 mb-0">
          {t('feed.profileTitle')}
          {feed.data && feed.data.pagination.rowsTotal > 0 && (
            <span className="text-body-secondary fw-normal ms-2">({feed.data.pagination.rowsTotal})</span>
          )}
        </h2>
        {aside && <span className="small">{aside}</span>}
      </div>
      {feed.isPending ? (
        <FeedLoading />
      ) : feed.data && feed.data.tales.length > 0 ? (
        <FeedList
          tales={feed.data.tales}
          pagination={feed.data.pagination}
          onPage={onPage}
          startRef={start}
          busy={feed.isPlaceholderData}
          renderLike={renderLike}
        />
      ) : feed.isError ? null : (
        <FeedEmpty txt="" canWrite={false} compact />
      )}
    </section>
  );
}

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isLoggedIn } from '@common/abilities';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@common/constants';
import { appRoutes, feedRoutes } from '@common/routes';
import { FeedIntro } from '@/features/feed/components/FeedIntro';
import { FeedList } from '@/features/feed/components/FeedList';
import { ReadOn } from '@/features/feed/components/ReadOn';
import { FeedEmpty, FeedLoading } from '@/features/feed/components/FeedStates';
import { SearchBox } from '@/features/feed/components/SearchBox';
import { useFeedPages } from '@/features/feed/hooks/useFeedPages';
import { LikeButton } from '@/features/likes/components/LikeButton';
import { useCurrentUser } from '@/lib/currentUser';
import { FeedLink } from '@/ui/FeedLink';

function intParam(v: string | null, fallback: number, min: number, max: number): number {
  const n = Number(v);
  return v !== null && v !== '' && Number.isInteger(n) ? Math.min(Math.max(n, min), max) : fallback;
}

/**
 * / and /tale/feed: the tale feed with search, each card with its like button; page size, page and
 * search text live in the address.
 */
export default function FeedPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const pageSize = intParam(params.get('pageSize'), PAGE_SIZE_DEFAULT, 1, PAGE_SIZE_MAX);
  const page = intParam(params.get('pageCurrentNumber'), 1, 1, Number.MAX_SAFE_INTEGER);
  const txt = (params.get('txt') ?? '').trim();
  const pages = useFeedPages({ pageSize, page, txt });
  const feed = pages.first;
  const start = useRef<HTMLDivElement>(null);
  const pendingScroll = useRef(false);

  /** The address's query for a page of this feed (or of a new search), all else kept. */
  const queryFor = (next: { page?: number; txt?: string }) => {
    const p = new URLSearchParams(params);
    p.set('pageSize', String(pageSize));
    p.set('pageCurrentNumber', String(next.page ?? page));
    if (next.txt !== undefined) {
      if (next.txt) p.set('txt', next.txt);
      else p.delete('txt');
    }
    return p;
  };
  const update = (next: { page?: number; txt?: string }) => setParams(queryFor(next), { preventScrollReset: true });

  const onPage = (next: number) => {
    // spec section 2: a page change scrolls to the start of the feed, except to page 1
    pendingScroll.current = next !== 1;
    update({ page: next });
  };

  const shownPage = feed.data?.pagination.pageCurrentNumber;
  useEffect(() => {
    if (!pendingScroll.current || feed.isPlaceholderData || shownPage === undefined) return;
    pendingScroll.current = false;
    start.current?.scrollIntoView({ block: 'start' });
  }, [shownPage, feed.isPlaceholderData]);

  useEffect(() => {
    document.title = txt ? `${t('feed.searchResults', { txt })} · ${t('feed.title')}` : t('feed.title');
  }, [t, txt]);

  return (
    <section className="py-4 mx-auto" style={{ maxWidth: 860 }} data-testid="feed-page">
      <h1 className="h2 mb-3">{txt ? t('feed.searchResults', { txt }) : t('feed.title')}</h1>
      {!txt && <FeedIntro />}
      <SearchBox value={txt} onSearch={(next) => update({ txt: next, page: 1 })} />
      {feed.isPending ? (
        <FeedLoading />
      ) : feed.data && feed.data.tales.length > 0 ? (
        <>
          {txt && (
            <p className="d-flex flex-wrap justify-content-between column-gap-3 text-body-secondary small">
              <span data-testid="feed-found">{t('feed.found', { count: feed.data.pagination.rowsTotal })}</span>
              <span className="d-flex flex-wrap column-gap-3">
                <Link to={`${appRoutes.map}?${new URLSearchParams({ txt })}`} className="text-nowrap" data-testid="search-map-link">
                  {t('feed.onMap')}
                </Link>
                <FeedLink href={feedRoutes.search(txt, 'rss')} label={t('feed.rssSearch')} testId="search-feed-link" />
              </span>
            </p>
          )}
          <FeedList
            tales={pages.tales}
            pagination={pages.pagination ?? feed.data.pagination}
            onPage={onPage}
            onMore={pages.more}
            onAll={pages.readingAll ? undefined : pages.all}
            hrefOf={(p) => `?${queryFor({ page: p }).toString()}`}
            startRef={start}
            busy={feed.isPlaceholderData}
            renderLike={(tale) => <LikeButton tale={tale} />}
          />
          <ReadOn active={pages.readingAll && pages.canMore} loading={pages.loadingMore} onEnd={pages.more} />
        </>
      ) : feed.isError ? null : (
        <FeedEmpty txt={txt} canWrite={isLoggedIn(user)} />
      )}
    </section>
  );
}

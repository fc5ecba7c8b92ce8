import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Pagination } from '@common/schemas/envelope';
import type { Tale } from '@common/schemas/tale';
import { type FeedRequest, taleQueries } from '@/api/tales';

/**
 * A feed page with the pages "More +N" put under it (spec section 9), and "All": from then on the
 * next page comes whenever the reader reaches the end, so the whole feed can be read in one go
 * without asking a server for a million tales at once. Another page, search or author starts over.
 */
export function useFeedPages(request: FeedRequest) {
  const first = useQuery(taleQueries.feed(request));
  const key = `${request.owner ?? ''}|${request.txt ?? ''}|${request.pageSize}|${request.page}`;
  const [state, setState] = useState({ key, extra: 0, all: false });
  const shown = state.key === key ? state : { key, extra: 0, all: false };
  const later = useQueries({
    queries: Array.from({ length: shown.extra }, (_, i) => ({
      ...taleQueries.feed({ ...request, page: request.page + 1 + i }),
      // a page under the others never stands in for another one
      placeholderData: undefined,
    })),
  });

  const pagesTotal = first.data?.pagination.pagesTotal ?? 0;
  const lastLoaded = request.page + shown.extra;
  const loadingMore = later.some((q) => q.isPending);
  const canMore = first.data !== undefined && !first.isPlaceholderData && lastLoaded < pagesTotal;

  // a tale published meanwhile moves the pages on by one: a tale is shown once
  const seen = new Set<number>();
  const tales: Tale[] = [];
  for (const list of [first.data?.tales ?? [], ...later.map((q) => q.data?.tales ?? [])]) {
    for (const tale of list) {
      if (!seen.has(tale.id)) {
        seen.add(tale.id);
        tales.push(tale);
      }
    }
  }
  // the paginator goes on from the last page shown
  const pagination: Pagination | undefined = first.data && { ...first.data.pagination, pageCurrentNumber: lastLoaded };

  const more = () => {
    if (canMore && !loadingMore) setState({ key, extra: shown.extra + 1, all: shown.all });
  };
  const all = () => setState({ key, extra: shown.extra + (canMore && !loadingMore ? 1 : 0), all: true });
  return { first, tales, pagination, more, all, readingAll: shown.all, loadingMore, canMore };
}

import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Tale } from '@common/schemas/tale';
import { type CommentsPage, commentQueries } from './comments';
import { patchTale } from './taleCache';
import { type FeedPage, taleQueries } from './tales';

const tale = (id: number, extra: Partial<Tale> = {}) => ({ id, count_like: 0, current_user_liked: 0, ...extra }) as Tale;
const page = (tales: Tale[]) => ({ tales, pagination: { pageCurrentNumber: 1, pageSize: 10, rowsTotal: tales.length, pagesTotal: 1 } });

describe('patchTale', () => {
  it('writes a like into the tale’s entry, every feed page and every comment list showing it, and leaves the rest alone', () => {
    const client = new QueryClient();
    const home = taleQueries.feed({ pageSize: 10, page: 1 });
    const search = taleQueries.feed({ pageSize: 10, page: 1, txt: 'harbour' });
    const other = taleQueries.feed({ pageSize: 10, page: 2 });
    const thread = commentQueries.thread({ parentId: 1, expand: null, start: 'last' });
    client.setQueryData(taleQueries.one(7).queryKey, tale(7));
    client.setQueryData(home.queryKey, page([tale(6), tale(7)]));
    client.setQueryData(search.queryKey, page([tale(7)]));
    const untouched = page([tale(8)]);
    client.setQueryData(other.queryKey, untouched);
    client.setQueryData<InfiniteData<CommentsPage>>(thread.queryKey, { pages: [page([tale(7), tale(9)])], pageParams: ['last'] });

    patchTale(client, 7, { count_like: 3, current_user_liked: 1 });

    const liked = { count_like: 3, current_user_liked: 1 };
    expect(client.getQueryData(taleQueries.one(7).queryKey)).toMatchObject(liked);
    expect(client.getQueryData<FeedPage>(home.queryKey)?.tales.map((t) => t.count_like)).toEqual([0, 3]);
    expect(client.getQueryData<FeedPage>(search.queryKey)?.tales[0]).toMatchObject(liked);
    expect(client.getQueryData(other.queryKey)).toBe(untouched);
    expect(client.getQueryData<InfiniteData<CommentsPage>>(thread.queryKey)?.pages[0].tales.map((t) => t.count_like)).toEqual([3, 0]);
  });

  it('creates no entry for a tale nobody has read', () => {
    const client = new QueryClient();
    patchTale(client, 5, { count_like: 1 });
    expect(client.getQueryData(taleQueries.one(5).queryKey)).toBeUndefined();
  });
});

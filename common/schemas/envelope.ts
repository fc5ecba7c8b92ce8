import type { Message } from '../messages';
import type { CurrentUser } from './user';

export interface Pagination {
  pageCurrentNumber: number;
  pageSize: number;
  rowsTotal: number;
  pagesTotal: number;
}

export interface Envelope<T = unknown> {
  meta: { alina_response_success: 0 | 1; [list: string]: unknown };
  data: T;
  messages: Message[];
  messages_admin?: Message[];
  CurrentUser: CurrentUser;
  error?: { message: string };
}

/** Clamps a requested page into range; a page past the end gives the last page. */
export function paginate(page: number | 'last', pageSize: number, rowsTotal: number): Pagination {
  const pagesTotal = Math.max(1, Math.ceil(rowsTotal / pageSize));
  const wanted = page === 'last' ? pagesTotal : page;
  const pageCurrentNumber = Math.min(Math.max(1, wanted), pagesTotal);
  return { pageCurrentNumber, pageSize, rowsTotal, pagesTotal };
}

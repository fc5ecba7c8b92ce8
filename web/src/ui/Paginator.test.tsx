import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Pagination } from '@common/schemas/envelope';
import { i18nTestOptions } from '@/i18n/testI18n';
import { Paginator, pageWindow } from './Paginator';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ ...i18nTestOptions, lng: 'en' });
});

const noop = () => {};
const pg = (pageCurrentNumber: number, pagesTotal: number, pageSize = 10, rowsTotal = pagesTotal * pageSize): Pagination => ({
  pageCurrentNumber,
  pagesTotal,
  pageSize,
  rowsTotal,
});
const render = (p: Pagination, extra: { onMore?: () => void; onAll?: () => void } = {}) =>
  renderToStaticMarkup(<Paginator pagination={p} onPage={noop} {...extra} />);
const pageNumbers = (html: string) => [...html.matchAll(/aria-label="Page (\d+)"/g)].map((m) => Number(m[1]));

describe('pageWindow', () => {
  it('gives the current page with two either side', () => {
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
  });
  it('is clamped at both ends', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(10, 10)).toEqual([8, 9, 10]);
    expect(pageWindow(1, 2)).toEqual([1, 2]);
  });
});

describe('Paginator', () => {
  it('renders nothing for a single page or none', () => {
    expect(render(pg(1, 1))).toBe('');
    expect(render(pg(1, 0, 10, 0))).toBe('');
  });

  it('shows first/previous/next/last, the window and page x/y', () => {
    const html = render(pg(5, 10));
    expect(pageNumbers(html)).toEqual([3, 4, 5, 6, 7]);
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) {
      expect(html).toContain(`<span class="visually-hidden">${name}</span>`);
    }
    // no words of react-bootstrap's own, which stay English in every language
    expect(html).not.toMatch(/visually-hidden">(First|Previous|Next|Last|\(current\))</);
    expect(html).toContain('page 5/10');
    expect(html).toMatch(/aria-current="page"[^>]*>5</);
  });

  it('disables first and previous on page 1, next and last on the last page', () => {
    const step = (name: string) =>
      new RegExp(`<li class="page-item disabled"><span[^>]*>(<span[^>]*>[^<]*</span>)?<span class="visually-hidden">${name}<`);
    const first = render(pg(1, 3));
    expect(first).toMatch(step('First page'));
    expect(first).toMatch(step('Previous page'));
    expect(first).not.toMatch(step('Next page'));
    const last = render(pg(3, 3));
    expect(last).toMatch(step('Next page'));
    expect(last).toMatch(step('Last page'));
  });

  it("offers 'More +pageSize' only with later pages and a handler", () => {
    expect(render(pg(1, 3), { onMore: noop })).toContain('More +10');
    expect(render(pg(3, 3), { onMore: noop })).not.toContain('More +');
    expect(render(pg(1, 3))).not.toContain('More +');
  });

  it("offers 'All' when rows exceed the page size and a handler is given", () => {
    expect(render(pg(1, 3, 10, 25), { onAll: noop })).toContain('>All<');
    expect(render(pg(1, 3, 10, 25))).not.toContain('>All<');
  });

  it('gives every page a real address when it has one, and names itself as told', () => {
    const html = renderToStaticMarkup(
      <Paginator pagination={pg(5, 10)} onPage={noop} hrefOf={(p) => `?page=${p}`} label="Pages, above the list" />,
    );
    expect(html).toContain('aria-label="Pages, above the list"');
    for (const p of [1, 4, 6, 10]) expect(html).toContain(`href="?page=${p}"`);
    // the current page is no link
    expect(html).not.toContain('href="?page=5"');
    // without addresses the pages are buttons, never links to "#"
    const plain = render(pg(5, 10));
    expect(plain).not.toContain('href=');
    expect(plain).toContain('<button class="page-link" type="button"');
  });

  it('speaks Russian', async () => {
    await i18next.changeLanguage('ru');
    try {
      const html = render(pg(2, 4), { onMore: noop, onAll: noop });
      expect(html).toContain('стр. 2/4');
      expect(html).toContain('Ещё +10');
      expect(html).toContain('>Все<');
      expect(html).toContain('<span class="visually-hidden">Первая страница</span>');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});

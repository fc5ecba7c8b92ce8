import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Tale } from '../common/schemas/tale';
import { apiInPage, apiRequest } from './api';
import { registerViaUi } from './helpers';

/** Unique, searchable words for one test run (Latin letters only, so they are one search token). */
export function uniqueWord(prefix = 'word'): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let s = '';
  for (let i = 0; i < 8; i++) s += letters[Math.floor(Math.random() * letters.length)];
  return `${prefix}${s}`;
}

/**
 * Creates and saves a tale through the API as the user logged in in this browser context (the
 * session cookie is shared with `page.request`): the caller's unsaved tale, then POST /tale/upsert.
 */
export async function createTale(request: APIRequestContext, fields: Partial<Tale> & { header: string }): Promise<Tale> {
  const unsaved = await apiRequest<Tale>(request, '/tale/upsert');
  expect(unsaved.status).toBe(200);
  const draft = unsaved.body.data;
  const { body: env } = await apiRequest<Tale>(request, '/tale/upsert', {
    body: `<p>${fields.header} body text</p>`,
    ...fields,
    id: draft.id,
    form_id: 'actionUpsert',
  });
  expect(env.meta.alina_response_success, JSON.stringify(env.messages)).toBe(1);
  return env.data;
}

/** Registers through the screen and gives the new user's id (from the stored CurrentUser). */
export async function registerAndGetId(page: Page): Promise<number> {
  await registerViaUi(page);
  return page.evaluate(() => (JSON.parse(localStorage.getItem('CurrentUser') ?? '{}') as { id: number }).id);
}

/** Switches the interface language through the navbar selector. */
export async function switchLanguage(page: Page, lang: 'en' | 'ru'): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

export const taleCards = (page: Page) => page.getByTestId('tale-card');

/** Where screenshots go: test-results/screenshots, or TALES_SHOTS_DIR when set (parallel runs share test-results). */
export const shotPath = (name: string) => `${process.env.TALES_SHOTS_DIR ?? 'test-results/screenshots'}/${name}`;

/** Comments on (or replies to) `answerTo` through the API as the user of `page`; gives the comment's id. */
export async function commentOn(page: Page, answerTo: number, text: string): Promise<number> {
  const r = await apiInPage<{ id: number }>(page, '/tale/upsert', {
    answer_to_tale_id: answerTo,
    type: 'COMMENT',
    body: `<p>${text}</p>`,
    form_id: 'actionCommentAdd',
  });
  expect(r.body.meta.alina_response_success, JSON.stringify(r.body.messages)).toBe(1);
  return r.body.data.id;
}

import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGE_STORAGE_KEY } from '../common/constants';
import { expect, test } from './fixtures';
import { apiInPage, storedUserId } from './api';
import { closeMessages, newUserPage, registerViaUi, showScheme, toasts } from './helpers';
import { commentOn, createTale, uniqueWord } from './tales-helpers';

/**
 * The screens of docs/screens: feed, tale, editor, comments, notifications and profile, on a
 * desktop and a phone, light and dark, in English and Russian (48 pictures). The suite writes them
 * under test-results/screens; `npm run screens` writes them into docs/screens.
 */

const OUT = process.env.TALES_SCREENS_DIR ?? 'test-results/screens';
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const WORDS = {
  en: {
    header: 'Walking to Tver',
    body: [
      '<p>We left Moscow at dawn, with a map, two apples and no plan. The road followed the river for a while, then turned into the birch woods.</p>',
      '<p>By noon the <strong>Volga</strong> showed between the trees, wide and slow. An old man on a bench told us the bridge had stood for a hundred years.</p>',
      '<p>We slept in a village whose name nobody could spell. #walking #volga</p>',
    ].join(''),
    comment: 'What a road! How long did it take you?',
    reply: 'Three days, with a long lunch on each.',
    second: 'I walked the same way in May: the birches were just green.',
    about: '<p>I write about <em>slow travel</em>: on foot, by boat, by night train.</p>',
  },
  ru: {
    header: 'Пешком до Твери',
    body: [
      '<p>Мы вышли из Москвы на рассвете: карта, два яблока и никакого плана. Дорога долго шла вдоль реки, потом свернула в берёзовый лес.</p>',
      '<p>К полудню между деревьями показалась <strong>Волга</strong>, широкая и медленная. Старик на лавочке сказал, что мосту сто лет.</p>',
      '<p>Ночевали в деревне, название которой никто не мог написать. #пешком #волга</p>',
    ].join(''),
    comment: 'Какая дорога! Сколько дней она заняла?',
    reply: 'Три дня, и на каждом долгий обед.',
    second: 'Я шла тем же путём в мае: берёзы только зазеленели.',
    about: '<p>Пишу о <em>медленных путешествиях</em>: пешком, на лодке, ночным поездом.</p>',
  },
} as const;

for (const lang of ['en', 'ru'] as const) {
  test(`docs/screens: feed, tale, editor, comments, notifications, profile; desktop and phone; ${lang}, light and dark`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const w = WORDS[lang];
    const tag = uniqueWord('screens');
    await registerViaUi(page);
    const me = await apiInPage(page, '/auth/profile', {
      id: await storedUserId(page),
      firstname: lang === 'en' ? 'Anna' : 'Анна',
      lastname: lang === 'en' ? 'Rivers' : 'Реченская',
      about_myself: w.about,
    });
    expect(me.body.meta.alina_response_success).toBe(1);
    const older = await createTale(page.request, {
      header: lang === 'en' ? 'A night train north' : 'Ночной поезд на север',
      body: `<p>${lang === 'en' ? 'The tea came in glass holders, and the window showed nothing but snow.' : 'Чай принесли в подстаканниках, а за окном был только снег.'} #${tag}</p>`,
    });
    const tale = await createTale(page.request, { header: w.header, body: `${w.body}<p>#${tag}</p>` });
    const other = await browser.newContext();
    try {
      const guest = await newUserPage(other, lang === 'en' ? 'Boris' : 'Борис', lang === 'en' ? 'Lake' : 'Озёров');
      const first = await commentOn(guest, tale.id, w.comment);
      await commentOn(page, first, w.reply);
      await commentOn(guest, tale.id, w.second);
      for (const id of [tale.id, older.id]) await apiInPage(guest, '/like/process', { ref_table: 'tale', ref_id: id, val: 1 });
    } finally {
      await other.close();
    }

    await page.evaluate(([key, l]) => localStorage.setItem(key, l), [LANGUAGE_STORAGE_KEY, lang] as const);
    fs.mkdirSync(OUT, { recursive: true });
    for (const [device, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      // each screen in both schemes as it stands: the page follows the system's by one attribute
      const shoot = async (screen: string) => {
        await page.waitForLoadState('networkidle');
        if (await toasts(page).isVisible()) await closeMessages(page);
        for (const scheme of ['light', 'dark'] as const) {
          await showScheme(page, scheme);
          await page.screenshot({ path: path.join(OUT, `${screen}-${device}-${scheme}-${lang}.jpg`), type: 'jpeg', quality: 72 });
        }
        await page.emulateMedia({ colorScheme: 'light' });
      };

      await page.goto(`/tale/feed?txt=${encodeURIComponent(`#${tag}`)}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByTestId('tale-card')).toHaveCount(2);
      await shoot('feed');

      await page.goto(`/tale/upsert/${tale.id}`);
      await expect(page.getByTestId('tale-body')).toContainText(w.header === 'Walking to Tver' ? 'Volga' : 'Волга');
      await shoot('tale');

      // the thread: the reply open, the composer open with a word in it
      const thread = page.getByTestId('comments');
      const replies = thread.getByTestId('replies').first().getByTestId('comments-toggle');
      if ((await replies.getAttribute('aria-expanded')) !== 'true') await replies.click();
      await expect(thread.getByTestId('reply-list')).toBeVisible();
      const form = thread.getByTestId('comment-form').last();
      await form.getByRole('textbox').click();
      await page.keyboard.type(lang === 'en' ? 'Lovely. ' : 'Чудесно. ');
      await expect(form).toHaveAttribute('data-open', '1');
      await thread
        .getByTestId('comments-toggle')
        .first()
        .evaluate((e) => e.scrollIntoView({ block: 'start' }));
      await shoot('comments');

      await page.getByTestId('tale-edit').click();
      await expect(page.getByRole('textbox', { name: lang === 'en' ? 'Header' : 'Заголовок' })).toHaveValue(w.header);
      await shoot('editor');
      await page.getByTestId('tale-cancel').click();

      await page.goto('/notification');
      await expect(page.getByTestId('notification').first()).toBeVisible();
      await shoot('notifications');

      await page.goto('/auth/profile');
      await expect(page.getByTestId('profile-view')).toBeVisible();
      await shoot('profile');
    }
  });
}

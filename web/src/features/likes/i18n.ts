import { namespaceRegistrar } from '@/i18n/namespace';
import i18next, { type i18n as I18n } from 'i18next';

// The like button and the likers modal bring their own strings: the 'likes' namespace.
export const LIKES_NAMESPACE = 'likes';

/** The client-side alert of spec section 5; it is a message template, so it is also its translation key. */
export const LIKE_NEEDS_LOGIN = 'Only logged-in users are allowed to like :-)';

const en = {
  like: 'Like',
  unlike: 'Remove my like',
  likes_one: '{{count}} like: show who liked',
  likes_other: '{{count}} likes: show who liked',
  noLikes: 'No likes yet',
  likers: 'Likers',
  close: 'Close',
  loading: 'Loading…',
  empty: 'List is empty',
  user: 'User #{{id}}',
};

export type LikesStrings = typeof en;

const ru: LikesStrings & Record<string, string> = {
  like: 'Нравится',
  unlike: 'Убрать мой лайк',
  likes_one: '{{count}} лайк: показать, кто лайкнул',
  likes_few: '{{count}} лайка: показать, кто лайкнул',
  likes_many: '{{count}} лайков: показать, кто лайкнул',
  likes_other: '{{count}} лайка: показать, кто лайкнул',
  noLikes: 'Лайков пока нет',
  likers: 'Лайкнувшие',
  close: 'Закрыть',
  loading: 'Загрузка…',
  empty: 'Список пуст',
  user: 'Пользователь #{{id}}',
};

export const likesStrings = { en, ru };

/** The message modal translates templates from the app's default namespace, so the alert goes there. */
const alertTranslations: Record<string, string> = { en: LIKE_NEEDS_LOGIN, ru: 'Только вошедшие пользователи могут ставить лайки :-)' };

export const registerLikesStrings = namespaceRegistrar(LIKES_NAMESPACE, likesStrings, (instance: I18n) => {
  // The like alert is a client message, translated from the default namespace like server messages.
  const defaultNs = typeof instance.options.defaultNS === 'string' ? instance.options.defaultNS : 'translation';
  for (const [lng, text] of Object.entries(alertTranslations)) {
    if (!instance.exists(LIKE_NEEDS_LOGIN, { lng, ns: defaultNs, fallbackLng: [] }))
      instance.addResource(lng, defaultNs, LIKE_NEEDS_LOGIN, text);
  }
});

registerLikesStrings(i18next);

import { namespaceRegistrar } from '@/i18n/namespace';
import i18next from 'i18next';

// The feed's own strings, added to the app's i18next instance as the 'feed' namespace.
export const FEED_NAMESPACE = 'feed';

const en = {
  title: 'Tales',
  searchLabel: 'Search tales',
  searchPlaceholder: 'Text, author or #hashtag',
  search: 'Search',
  clear: 'Clear',
  searchResults: 'Search: {{txt}}',
  found_one: '{{count}} tale found',
  found_other: '{{count}} tales found',
  loading: 'Loading…',
  nothingFound: 'Nothing found',
  nothingFoundHint: 'No tale matches “{{txt}}”. Try other words.',
  empty: 'No tales yet',
  emptyHint: 'Be the first to tell one.',
  addTale: 'Write a tale',
  jumps: 'Move around the feed',
  jumpTop: 'To the top of the page',
  jumpBottom: 'To the bottom of the page',
  jumpPrev: 'To the previous tale',
  jumpNext: 'To the next tale',
  adultTitle: 'Not for kids',
  adultText: 'This tale may contain content for adults only.',
  adultReveal: 'I am ready to watch dangerous content',
  showMore: 'Show more',
  showLess: 'Show less',
  comments_one: '{{count}} comment',
  comments_other: '{{count}} comments',
  commentsLabel: 'Comments',
  profileTitle: 'Tales',
  profileEmpty: 'No tales yet.',
};

export type FeedStrings = typeof en;

const ru: FeedStrings & Record<string, string> = {
  title: 'Истории',
  searchLabel: 'Поиск историй',
  searchPlaceholder: 'Текст, автор или #хештег',
  search: 'Найти',
  clear: 'Очистить',
  searchResults: 'Поиск: {{txt}}',
  found_one: 'Найдена {{count}} история',
  found_few: 'Найдено {{count}} истории',
  found_many: 'Найдено {{count}} историй',
  found_other: 'Найдено {{count}} истории',
  loading: 'Загрузка…',
  nothingFound: 'Ничего не найдено',
  nothingFoundHint: 'Ни одна история не подходит под «{{txt}}». Попробуйте другие слова.',
  empty: 'Историй пока нет',
  emptyHint: 'Расскажите первую.',
  addTale: 'Написать историю',
  jumps: 'Перемещение по ленте',
  jumpTop: 'В начало страницы',
  jumpBottom: 'В конец страницы',
  jumpPrev: 'К предыдущей истории',
  jumpNext: 'К следующей истории',
  adultTitle: 'Не для детей',
  adultText: 'Эта история может содержать материалы только для взрослых.',
  adultReveal: 'Я готов смотреть опасный контент',
  showMore: 'Показать полностью',
  showLess: 'Свернуть',
  comments_one: '{{count}} комментарий',
  comments_few: '{{count}} комментария',
  comments_many: '{{count}} комментариев',
  comments_other: '{{count}} комментария',
  commentsLabel: 'Комментарии',
  profileTitle: 'Истории',
  profileEmpty: 'Историй пока нет.',
};

const bundles = { en, ru };
export const registerFeedStrings = namespaceRegistrar(FEED_NAMESPACE, bundles);

registerFeedStrings(i18next);

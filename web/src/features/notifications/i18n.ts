import { namespaceRegistrar } from '@/i18n/namespace';
import i18next from 'i18next';
import { MSG } from '@common/messages';

// The notifications screen brings its own strings: the 'notifications' namespace.
export const NOTIFICATIONS_NAMESPACE = 'notifications';

const en: Record<string, string> = {
  title: 'Notifications',
  empty: 'List is empty',
  deleteAll: 'Delete all',
  delete: 'Delete',
  deleteLabel: 'Delete the notification from {{name}}',
  sure: 'Are you sure?',
  deleteAllTitle: 'Delete all notifications',
  cancel: 'Cancel',
  loading: 'Loading…',
  loginRequired: 'Log in to see your notifications.',
  login: 'Log in',
  register: 'Register',
  user: 'User #{{id}}',
  unread: 'new',
  // what the server's message templates say, in both languages (the row's link text)
  [MSG.youAreCommented]: 'You are commented!',
  [MSG.youAreAnswered]: 'You are answered!',
  [MSG.youAreLiked]: 'You are liked!',
};

const ru: Record<string, string> = {
  title: 'Уведомления',
  empty: 'Список пуст',
  deleteAll: 'Удалить все',
  delete: 'Удалить',
  deleteLabel: 'Удалить уведомление от {{name}}',
  sure: 'Вы уверены?',
  deleteAllTitle: 'Удаление всех уведомлений',
  cancel: 'Отмена',
  loading: 'Загрузка…',
  loginRequired: 'Войдите, чтобы увидеть свои уведомления.',
  login: 'Войти',
  register: 'Зарегистрироваться',
  user: 'Пользователь #{{id}}',
  unread: 'новое',
  [MSG.youAreCommented]: 'Вас прокомментировали!',
  [MSG.youAreAnswered]: 'Вам ответили!',
  [MSG.youAreLiked]: 'Вас лайкнули!',
};

export const notificationsStrings = { en, ru };

export const registerNotificationsStrings = namespaceRegistrar(NOTIFICATIONS_NAMESPACE, notificationsStrings);

registerNotificationsStrings(i18next);

import { namespaceRegistrar } from '@/i18n/namespace';
import i18next from 'i18next';

// The comments block carries its own strings and adds them to the app's i18next instance as the
// 'comments' namespace, so the app's catalogues need not know about it.
export const COMMENTS_NAMESPACE = 'comments';

const en = {
  comments_one: '{{count}} comment',
  comments_other: '{{count}} comments',
  replies_one: '{{count}} reply',
  replies_other: '{{count}} replies',
  noComments: 'No comments yet',
  noReplies: 'No replies yet',
  toggleShow: 'Show',
  toggleHide: 'Hide',
  earlier: 'Earlier comments +{{count}}',
  earlierLabel: 'Show {{count}} earlier comments',
  loginToComment: '<login>Log in</login> or <register>register</register> to comment',
  ownerOnly: 'Comments only for owner',
  denied: 'Comments are closed for this tale',
  newComment: 'New comment',
  newReply: 'Reply',
  add: 'Add comment',
  addReply: 'Reply',
  cancel: 'Cancel',
  edit: 'Edit',
  save: 'Save',
  delete: 'Delete',
  sure: 'Are you sure?',
  deleteTitle: 'Delete the comment',
  showAll: 'Show all comments',
  branchOnly: 'Only one branch of the conversation is shown.',
  editing: 'Editing the comment',
  loading: 'Loading…',
  author: 'Author',
};

export type CommentsStrings = typeof en;

// Russian needs all CLDR forms: one (1, 21, 101), few (2-4, 22-24), many (5-20, 25-30, 111), other (fractions).
const ru: CommentsStrings & Record<string, string> = {
  comments_one: '{{count}} комментарий',
  comments_other: '{{count}} комментария',
  replies_one: '{{count}} ответ',
  replies_other: '{{count}} ответа',
  comments_few: '{{count}} комментария',
  comments_many: '{{count}} комментариев',
  replies_few: '{{count}} ответа',
  replies_many: '{{count}} ответов',
  noComments: 'Комментариев пока нет',
  noReplies: 'Ответов пока нет',
  toggleShow: 'Показать',
  toggleHide: 'Скрыть',
  earlier: 'Предыдущие +{{count}}',
  earlierLabel: 'Показать {{count}} предыдущих комментариев',
  loginToComment: '<login>Войдите</login> или <register>зарегистрируйтесь</register>, чтобы комментировать',
  ownerOnly: 'Комментарии только для владельца',
  denied: 'Комментарии к этой истории закрыты',
  newComment: 'Новый комментарий',
  newReply: 'Ответ',
  add: 'Добавить комментарий',
  addReply: 'Ответить',
  cancel: 'Отмена',
  edit: 'Изменить',
  save: 'Сохранить',
  delete: 'Удалить',
  sure: 'Вы уверены?',
  deleteTitle: 'Удаление комментария',
  showAll: 'Показать все комментарии',
  branchOnly: 'Показана только одна ветка обсуждения.',
  editing: 'Редактирование комментария',
  loading: 'Загрузка…',
  author: 'Автор',
};

export const commentsStrings = { en, ru };

export const registerCommentsStrings = namespaceRegistrar(COMMENTS_NAMESPACE, commentsStrings);

registerCommentsStrings(i18next);

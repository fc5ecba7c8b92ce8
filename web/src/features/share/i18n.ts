import { namespaceRegistrar } from '@/i18n/namespace';
import i18next from 'i18next';

// The sharing buttons' own strings, added to the app's i18next instance as the 'share' namespace.
export const SHARE_NAMESPACE = 'share';

const en = {
  title: 'Share',
  shareOn: 'Share on {{network}}',
  copy: 'Copy link',
  copied: 'Copied',
  copyFailed: 'Could not copy; the link is selected, copy it yourself.',
  system: 'Share…',
  link: 'Link to the tale',
};

export type ShareStrings = typeof en;

const ru: ShareStrings = {
  title: 'Поделиться',
  shareOn: 'Поделиться в {{network}}',
  copy: 'Копировать ссылку',
  copied: 'Скопировано',
  copyFailed: 'Не удалось скопировать; ссылка выделена, скопируйте её сами.',
  system: 'Поделиться…',
  link: 'Ссылка на историю',
};

const bundles = { en, ru };
export const registerShareStrings = namespaceRegistrar(SHARE_NAMESPACE, bundles);

registerShareStrings(i18next);

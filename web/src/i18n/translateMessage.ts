import type { i18n as I18n } from 'i18next';
import { formatTemplate, type Message, type MessageParam } from '@common/messages';

export type TranslatableMessage = Pick<Message, 'templateString'> & { params?: readonly MessageParam[] | null };

/**
 * A message's template is its translation key (wire protocol). With no translation the English
 * template is formatted; if even that fails the raw template is shown (spec section 8).
 */
export function translateMessage(i18n: I18n, m: TranslatableMessage): string {
  const template = m.templateString;
  try {
    const params = Array.isArray(m.params) ? m.params : [];
    const translated = i18n.exists(template) ? i18n.t(template) : template;
    return formatTemplate(typeof translated === 'string' ? translated : template, params);
  } catch {
    return template;
  }
}

import type { Editor } from '@tiptap/react';
import type { TFunction } from 'i18next';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Group, ToolButton } from './ToolButton';

export type PanelName = 'link' | 'image' | 'media';

interface BasicTools {
  bold: ReactElement;
  italic: ReactElement;
  image: ReactElement;
  link: ReactElement;
}

/** Bold, italic, insert image and link: the tools every toolbar has, a comment's and a tale's. */
export function basicTools(
  t: TFunction,
  editor: Editor,
  state: { bold: boolean; italic: boolean; link: boolean },
  panel: PanelName | null,
  onPanel: (panel: PanelName | null) => void,
): BasicTools {
  const chain = () => editor.chain().focus();
  const togglePanel = (name: PanelName) => onPanel(panel === name ? null : name);
  return {
    bold: (
      <ToolButton label={t('editor.bold')} active={state.bold} onClick={() => chain().toggleBold().run()} testId="editor-bold">
        <span className="tales-editor-glyph fw-bold">B</span>
      </ToolButton>
    ),
    italic: (
      <ToolButton label={t('editor.italic')} active={state.italic} onClick={() => chain().toggleItalic().run()} testId="editor-italic">
        <span className="tales-editor-glyph fst-italic">I</span>
      </ToolButton>
    ),
    image: (
      <ToolButton
        label={t('editor.image')}
        icon="image"
        active={panel === 'image'}
        onClick={() => togglePanel('image')}
        testId="editor-image"
      />
    ),
    link: (
      <ToolButton
        label={t('editor.link')}
        icon="link"
        active={state.link || panel === 'link'}
        onClick={() => togglePanel('link')}
        testId="editor-link"
      />
    ),
  };
}

/** The comment composer's toolbar: the basic tools only. */
export function LightToolbar({ tools }: { tools: BasicTools }) {
  const { t } = useTranslation();
  return (
    <div className="tales-editor-toolbar" role="toolbar" aria-label={t('editor.toolbar')} data-toolbar="light">
      <Group>
        {tools.bold}
        {tools.italic}
      </Group>
      <Group>
        {tools.link}
        {tools.image}
      </Group>
    </div>
  );
}

/** The first control a narrow toolbar had behind 'More tools'. */
export function firstExtra(toolbar: HTMLElement | null): HTMLElement | null {
  const extra = toolbar?.querySelector<HTMLElement>('.tales-editor-extra');
  if (!extra) return null;
  return extra.matches('button, select') ? extra : extra.querySelector<HTMLElement>('button, select');
}

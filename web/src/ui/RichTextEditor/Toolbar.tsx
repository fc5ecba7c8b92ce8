import { type Editor, useEditorState } from '@tiptap/react';
import { useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { ColorPicker } from './ColorPicker';
import type { IconName } from './icons';
import { basicTools, firstExtra, LightToolbar, type PanelName } from './basicTools';
import { Group, ToolButton } from './ToolButton';
import { TableMenu } from './TableMenu';
import { FONT_SIZES, type TextAlignment } from './rules';

export type { PanelName } from './basicTools';

const MARKS = ['bold', 'italic', 'underline', 'strike', 'code', 'subscript', 'superscript'] as const;
const ALIGNMENTS: { value: TextAlignment; key: 'alignLeft' | 'alignCenter' | 'alignRight' | 'alignJustify'; icon: IconName }[] = [
  { value: 'left', key: 'alignLeft', icon: 'alignLeft' },
  { value: 'center', key: 'alignCenter', icon: 'alignCenter' },
  { value: 'right', key: 'alignRight', icon: 'alignRight' },
  { value: 'justify', key: 'alignJustify', icon: 'alignJustify' },
];

function readState(editor: Editor) {
  const style = editor.getAttributes('textStyle');
  const marks = Object.fromEntries(MARKS.map((mark) => [mark, editor.isActive(mark)])) as Record<(typeof MARKS)[number], boolean>;
  return {
    ...marks,
    link: editor.isActive('link'),
    bulletList: editor.isActive('bulletList'),
    orderedList: editor.isActive('orderedList'),
    taskList: editor.isActive('taskList'),
    codeBlock: editor.isActive('codeBlock'),
    heading: [1, 2, 3, 4].find((level) => editor.isActive('heading', { level })) ?? 0,
    align: ALIGNMENTS.find(({ value }) => value !== 'left' && editor.isActive({ textAlign: value }))?.value ?? 'left',
    fontSize: typeof style.fontSize === 'string' ? style.fontSize : '',
    color: typeof style.color === 'string' ? style.color : null,
    backgroundColor: typeof style.backgroundColor === 'string' ? style.backgroundColor : null,
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
    canIndent: editor.can().indent(),
    canOutdent: editor.can().outdent(),
  };
}

/** 'full': every tool of spec section 2 (tales, profiles); 'light': bold, italic, link and image (comments). */
export type ToolbarKind = 'full' | 'light';

type ToolbarProps = {
  editor: Editor;
  panel: PanelName | null;
  onPanel: (panel: PanelName | null) => void;
  kind: ToolbarKind;
};

export function Toolbar({ editor, panel, onPanel, kind }: ToolbarProps) {
  const { t } = useTranslation();
  const state = useEditorState({ editor, selector: ({ editor: current }) => readState(current) });
  const [moreOpen, setMoreOpen] = useState(false);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const chain = () => editor.chain().focus();
  const togglePanel = (name: PanelName) => onPanel(panel === name ? null : name);
  const { bold, italic, image, link } = basicTools(t, editor, state, panel, onPanel);
  if (kind === 'light') return <LightToolbar tools={{ bold, italic, image, link }} />;
  // a step back or forth (history, indent): the key names its icon and its test id; the label keys
  // are spelled out so the catalogue test sees them
  const stepLabels = { undo: t('editor.undo'), redo: t('editor.redo'), outdent: t('editor.outdent'), indent: t('editor.indent') };
  const stepButton = (key: keyof typeof stepLabels, enabled: boolean, run: () => void) => (
    <ToolButton label={stepLabels[key]} icon={key} disabled={!enabled} onClick={run} testId={`editor-${key}`} />
  );

  const removeFormat = () =>
    MARKS.reduce((c, mark) => c.unsetMark(mark), chain())
      .unsetMark('textStyle')
      .setTextAlign('left')
      .run();

  return (
    <div
      ref={toolbarRef}
      className={`tales-editor-toolbar${moreOpen ? ' is-more-open' : ''}`}
      role="toolbar"
      aria-label={t('editor.toolbar')}
      data-toolbar="full"
    >
      <Form.Select
        size="sm"
        className="tales-editor-select tales-editor-extra"
        title={t('editor.blockType')}
        aria-label={t('editor.blockType')}
        data-testid="editor-block-type"
        value={state.heading}
        onChange={(event) => {
          const level = Number(event.target.value);
          if (level === 1 || level === 2 || level === 3 || level === 4) chain().setHeading({ level }).run();
          else chain().setParagraph().run();
        }}
      >
        <option value={0}>{t('editor.paragraph')}</option>
        {[1, 2, 3, 4].map((level) => (
          <option key={level} value={level}>
            {t('editor.heading', { level })}
          </option>
        ))}
      </Form.Select>

      <Group>
        {image}
        {link}
        <ToolButton
          extra
          label={t('editor.media')}
          icon="media"
          active={panel === 'media'}
          onClick={() => togglePanel('media')}
          testId="editor-media"
        />
      </Group>

      <Group extra>
        {stepButton('undo', state.canUndo, () => chain().undo().run())}
        {stepButton('redo', state.canRedo, () => chain().redo().run())}
      </Group>

      <Group>
        <ToolButton extra label={t('editor.removeFormat')} icon="removeFormat" onClick={removeFormat} testId="editor-remove-format" />
        {bold}
        {italic}
        <ToolButton
          extra
          label={t('editor.underline')}
          active={state.underline}
          onClick={() => chain().toggleUnderline().run()}
          testId="editor-underline"
        >
          <span className="tales-editor-glyph text-decoration-underline">U</span>
        </ToolButton>
        <ToolButton
          extra
          label={t('editor.strike')}
          active={state.strike}
          onClick={() => chain().toggleStrike().run()}
          testId="editor-strike"
        >
          <span className="tales-editor-glyph text-decoration-line-through">S</span>
        </ToolButton>
      </Group>

      <Form.Select
        size="sm"
        className="tales-editor-select tales-editor-extra"
        title={t('editor.fontSize')}
        aria-label={t('editor.fontSize')}
        data-testid="editor-font-size"
        value={state.fontSize}
        onChange={(event) =>
          chain()
            .setTextStyle('fontSize', event.target.value || null)
            .run()
        }
      >
        <option value="">{t('editor.fontSizeDefault')}</option>
        {FONT_SIZES.map((size) => (
          <option key={size} value={size}>
            {size.replace('px', '')}
          </option>
        ))}
      </Form.Select>

      <Group>
        <ToolButton
          label={t('editor.bulletList')}
          icon="bulletList"
          active={state.bulletList}
          onClick={() => chain().toggleBulletList().run()}
          testId="editor-bullet-list"
        />
        <ToolButton
          extra
          label={t('editor.orderedList')}
          icon="orderedList"
          active={state.orderedList}
          onClick={() => chain().toggleOrderedList().run()}
          testId="editor-ordered-list"
        />
        <ToolButton
          extra
          label={t('editor.taskList')}
          icon="taskList"
          active={state.taskList}
          onClick={() => chain().toggleTaskList().run()}
          testId="editor-task-list"
        />
      </Group>

      <Group extra>
        <ToolButton
          label={t('editor.code')}
          icon="code"
          active={state.code}
          onClick={() => chain().toggleCode().run()}
          testId="editor-code"
        />
        <ToolButton
          label={t('editor.codeBlock')}
          icon="codeBlock"
          active={state.codeBlock}
          onClick={() => chain().toggleCodeBlock().run()}
          testId="editor-code-block"
        />
        <ToolButton
          label={t('editor.subscript')}
          active={state.subscript}
          onClick={() => chain().toggleSubscript().run()}
          testId="editor-subscript"
        >
          <span className="tales-editor-glyph">
            x<sub>2</sub>
          </span>
        </ToolButton>
        <ToolButton
          label={t('editor.superscript')}
          active={state.superscript}
          onClick={() => chain().toggleSuperscript().run()}
          testId="editor-superscript"
        >
          <span className="tales-editor-glyph">
            x<sup>2</sup>
          </span>
        </ToolButton>
      </Group>

      <Group extra>
        <ColorPicker
          kind="color"
          value={state.color}
          onPick={(color) => chain().setTextStyle('color', color).run()}
          testId="editor-color"
        />
        <ColorPicker
          kind="backgroundColor"
          value={state.backgroundColor}
          onPick={(color) => chain().setTextStyle('backgroundColor', color).run()}
          testId="editor-background-color"
        />
      </Group>

      <Group extra>
        {ALIGNMENTS.map(({ value, key, icon }) => (
          <ToolButton
            key={value}
            label={t(`editor.${key}`)}
            icon={icon}
            active={state.align === value}
            onClick={() => chain().setTextAlign(value).run()}
            testId={`editor-align-${value}`}
          />
        ))}
      </Group>

      <Group extra>
        {stepButton('outdent', state.canOutdent, () => chain().outdent().run())}
        {stepButton('indent', state.canIndent, () => chain().indent().run())}
      </Group>

      <div className="tales-editor-extra">
        <TableMenu editor={editor} />
      </div>

      {/* a narrow editor (a phone) shows the tools above and keeps the rest behind this button */}
      <ToolButton
        label={t('editor.moreTools')}
        expanded={moreOpen}
        className="tales-editor-more-toggle"
        testId="editor-more"
        onClick={() => {
          setMoreOpen(!moreOpen);
          // the tools it shows come before it: the first of them takes the focus, so Tab goes on through them
          if (!moreOpen) requestAnimationFrame(() => firstExtra(toolbarRef.current)?.focus());
        }}
      >
        <span className="tales-editor-glyph" aria-hidden="true">
          {moreOpen ? '×' : '⋯'}
        </span>
      </ToolButton>
    </div>
  );
}

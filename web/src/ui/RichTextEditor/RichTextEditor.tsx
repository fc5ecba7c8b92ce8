import { type Editor, EditorContent, useEditor } from '@tiptap/react';
import type { EditorView } from '@tiptap/pm/view';
import { type CSSProperties, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'react-i18next';
import './content.css';
import './RichTextEditor.css';
import { editorExtensions } from './extensions';
import { refusalOf } from '@/lib/uploadRefusal';
import { insertImageFiles } from './imageFiles';
import { MediaPanel, ImagePanel, LinkPanel } from './panels';
import { Toolbar, type PanelName, type ToolbarKind } from './Toolbar';

export type RichTextEditorProps = {
  /** The body as HTML; '' for an empty document. */
  value: string;
  /** Called with the new HTML on every edit ('' when the document is empty). */
  onChange: (html: string) => void;
  /** id of the editable element, for a <label htmlFor>. */
  id?: string;
  placeholder?: string;
  /** Uploads an image file and resolves to the URL to insert (e.g. via POST /FileUpload/CkEditor). */
  uploadImage?: (file: File) => Promise<string>;
  /** Minimum height of the editing area in px (default 200). */
  minHeight?: number;
  ariaLabel?: string;
  /** Which tools show: every one (default), the comment composer's few, or none (a folded composer). */
  toolbar?: ToolbarKind | 'none';
  /** Takes the cursor, at the end of the text, once it is ready (an edit opened on purpose). */
  autoFocus?: boolean;
};

// The trailing empty paragraph that keeps a caret place after a table or image is not content.
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML().replace(/(?:<p(?: style="[^"]*")?><\/p>)+$/, '');
}

/** Tiptap editor with the toolbar of spec section 2; lazy-load it (default export). */
export default function RichTextEditor({
  value,
  onChange,
  id,
  placeholder,
  uploadImage,
  minHeight = 200,
  ariaLabel,
  toolbar = 'full',
  autoFocus = false,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const [panel, setPanel] = useState<PanelName | null>(null);
  // a folded composer closes what its toolbar had open
  const [shownToolbar, setShownToolbar] = useState(toolbar);
  if (shownToolbar !== toolbar) {
    setShownToolbar(toolbar);
    if (toolbar === 'none') setPanel(null);
  }

  // The editor is built once; these refs let its callbacks see the latest props.
  const onChangeRef = useRef(onChange);
  const placeholderText = placeholder ?? t('editor.placeholder');
  const placeholderRef = useRef(placeholderText);
  placeholderRef.current = placeholderText;
  const uploadRef = useRef(uploadImage);
  useEffect(() => {
    onChangeRef.current = onChange;
    uploadRef.current = uploadImage;
  }, [onChange, uploadImage]);
  const [dropFailed, setDropFailed] = useState<string | null>(null);
  const failDrop = useRef((error: unknown) => setDropFailed(refusalOf(error) ?? ''));

  // Image files pasted or dropped into the text go through uploadImage, like the toolbar's upload.
  const fileHandlers = useMemo(
    () => ({
      handlePaste: (view: EditorView, event: ClipboardEvent) =>
        insertImageFiles(view, event.clipboardData?.files, uploadRef.current, null, failDrop.current),
      handleDrop: (view: EditorView, event: DragEvent, _slice: unknown, moved: boolean) =>
        !moved &&
        insertImageFiles(
          view,
          event.dataTransfer?.files,
          uploadRef.current,
          view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos ?? null,
          failDrop.current,
        ),
    }),
    [],
  );
  // The last HTML this editor reported or was given, so an echo of it is not re-applied.
  const knownHtml = useRef(value);

  const label = ariaLabel ?? placeholderText;
  const attributes: Record<string, string> = {
    class: 'tales-editor-content tales-rich-text',
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-label': label,
    ...(id ? { id } : {}),
  };

  const editor = useEditor({
    extensions: editorExtensions(() => placeholderRef.current),
    content: value,
    autofocus: autoFocus ? 'end' : false,
    editorProps: { attributes, ...fileHandlers },
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: current }) => {
      const html = htmlOf(current);
      knownHtml.current = html;
      onChangeRef.current(html);
    },
  });

  // A new value from outside (a loaded tale, a restored draft) replaces the document; the echo of
  // what the user just typed does not, so typing is never interrupted. A layout effect: it must run
  // with the render it belongs to, before the next keystroke; a passive effect can run late (Preact
  // runs them after paint) with a `value` older than knownHtml, and would undo the newest typing.
  useLayoutEffect(() => {
    if (!editor || editor.isDestroyed || value === knownHtml.current) return;
    knownHtml.current = value;
    if (value === htmlOf(editor)) return;
    editor.chain().setMeta('addToHistory', false).setContent(value, { emitUpdate: false }).run();
  }, [editor, value]);

  // id, label and placeholder can change after the editor is built (the language switch).
  const attributesKey = JSON.stringify(attributes);
  // biome-ignore lint/correctness/useExhaustiveDependencies: placeholderText is read through a ref; a change must still redraw
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.setOptions({ editorProps: { attributes: JSON.parse(attributesKey) as Record<string, string>, ...fileHandlers } });
    // The placeholder is a decoration: an empty transaction redraws it.
    editor.view.dispatch(editor.state.tr.setMeta('addToHistory', false));
  }, [editor, attributesKey, placeholderText, fileHandlers]);

  const style = { '--tales-editor-min-height': `${minHeight}px` } as CSSProperties;
  const tools = editor && toolbar !== 'none' && (
    <>
      <Toolbar editor={editor} panel={panel} onPanel={setPanel} kind={toolbar} />
      {panel === 'link' && <LinkPanel editor={editor} onClose={() => setPanel(null)} />}
      {panel === 'image' && <ImagePanel editor={editor} uploadImage={uploadImage} onClose={() => setPanel(null)} />}
      {panel === 'media' && <MediaPanel editor={editor} onClose={() => setPanel(null)} />}
    </>
  );

  return (
    <div className={`tales-editor tales-editor-${toolbar}`} style={style} data-testid="rich-text-editor">
      {toolbar === 'full' && tools}
      {dropFailed !== null && (
        <Alert
          variant="danger"
          className="m-2 py-1 px-2 small"
          dismissible
          onClose={() => setDropFailed(null)}
          data-testid="editor-upload-failed"
        >
          {dropFailed || t('editor.uploadFailed')}
        </Alert>
      )}
      <EditorContent editor={editor} className="tales-editor-body" />
      {/* the composer's few tools go under its text, so the text does not move as they appear */}
      {toolbar === 'light' && tools}
    </div>
  );
}

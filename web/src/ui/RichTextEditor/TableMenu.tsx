import { type Editor, useEditorState } from '@tiptap/react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons';

/** The table tool: insert a 3×3 table with a header row; add or delete rows, columns, the table. */
export function TableMenu({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      inTable: current.isActive('table'),
      canAddRow: current.can().addRowAfter(),
      canDeleteRow: current.can().deleteRow(),
      canAddColumn: current.can().addColumnAfter(),
      canDeleteColumn: current.can().deleteColumn(),
      canInsertTable: !current.isActive('table') && !current.isActive('codeBlock'),
    }),
  });
  const chain = () => editor.chain().focus();

  return (
    <Dropdown>
      <Dropdown.Toggle
        size="sm"
        variant="light"
        className="tales-editor-btn"
        active={state.inTable}
        title={t('editor.table')}
        aria-label={t('editor.table')}
        data-testid="editor-table"
        onMouseDown={(event) => event.preventDefault()}
      >
        <Icon name="table" />
      </Dropdown.Toggle>
      {/* mousedown kept from taking focus (like the toolbar buttons): with focus in the menu, the closing
          Dropdown hands it to its toggle in an effect, which can come after the editor's refocus */}
      <Dropdown.Menu onMouseDown={(event) => event.preventDefault()}>
        <Dropdown.Item
          as="button"
          type="button"
          disabled={!state.canInsertTable}
          onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
          data-testid="editor-table-insert"
        >
          {t('editor.insertTable')}
        </Dropdown.Item>
        <Dropdown.Divider />
        <Dropdown.Item
          as="button"
          type="button"
          disabled={!state.canAddRow}
          onClick={() => chain().addRowAfter().run()}
          data-testid="editor-table-add-row"
        >
          {t('editor.addRow')}
        </Dropdown.Item>
        <Dropdown.Item
          as="button"
          type="button"
          disabled={!state.canDeleteRow}
          onClick={() => chain().deleteRow().run()}
          data-testid="editor-table-delete-row"
        >
          {t('editor.deleteRow')}
        </Dropdown.Item>
        <Dropdown.Item
          as="button"
          type="button"
          disabled={!state.canAddColumn}
          onClick={() => chain().addColumnAfter().run()}
          data-testid="editor-table-add-column"
        >
          {t('editor.addColumn')}
        </Dropdown.Item>
        <Dropdown.Item
          as="button"
          type="button"
          disabled={!state.canDeleteColumn}
          onClick={() => chain().deleteColumn().run()}
          data-testid="editor-table-delete-column"
        >
          {t('editor.deleteColumn')}
        </Dropdown.Item>
        <Dropdown.Item
          as="button"
          type="button"
          disabled={!state.inTable}
          className="text-danger"
          onClick={() => chain().deleteTable().run()}
          data-testid="editor-table-delete"
        >
          {t('editor.deleteTable')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}

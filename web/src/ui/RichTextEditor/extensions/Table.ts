import { addColumnAfter, addRowAfter, deleteColumn, deleteRow, deleteTable, goToNextCell, tableEditing } from '@tiptap/pm/tables';
import { TextSelection } from '@tiptap/pm/state';
import type { Command as PmCommand } from '@tiptap/pm/state';
import { type CommandProps, Extension, mergeAttributes, Node } from '@tiptap/react';

// Plain tables on prosemirror-tables (which @tiptap/pm ships). Written here rather than taken
// from @tiptap/extension-table so the HTML stays minimal (no colgroup, no min-width styles) and
// the version stays locked to our @tiptap/pm. Output: <table><tbody><tr><th|td>...</td></tr>...

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    table: {
      insertTable: (size?: { rows?: number; cols?: number; withHeaderRow?: boolean }) => ReturnType;
      addRowAfter: () => ReturnType;
      deleteRow: () => ReturnType;
      addColumnAfter: () => ReturnType;
      deleteColumn: () => ReturnType;
      deleteTable: () => ReturnType;
    };
  }
}

const TABLE_ROLES: Record<string, string> = {
  table: 'table',
  tableRow: 'row',
  tableCell: 'cell',
  tableHeader: 'header_cell',
};

function spanAttribute(name: 'colspan' | 'rowspan') {
  return {
    default: 1,
    parseHTML: (element: HTMLElement) => {
      const value = Number.parseInt(element.getAttribute(name) ?? '1', 10);
      return Number.isFinite(value) && value > 1 ? Math.min(value, 100) : 1;
    },
    renderHTML: (attributes: Record<string, unknown>) => (Number(attributes[name]) > 1 ? { [name]: String(attributes[name]) } : {}),
  };
}

function cellNode(name: 'tableCell' | 'tableHeader', tag: 'td' | 'th') {
  return Node.create({
    name,
    content: 'block+',
    isolating: true,
    addAttributes() {
      // prosemirror-tables expects colwidth; it is never written to HTML.
      return { colspan: spanAttribute('colspan'), rowspan: spanAttribute('rowspan'), colwidth: { default: null, rendered: false } };
    },
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, mergeAttributes(HTMLAttributes), 0],
  });
}

export const TableCell = cellNode('tableCell', 'td');
export const TableHeader = cellNode('tableHeader', 'th');

export const TableRow = Node.create({
  name: 'tableRow',
  content: '(tableCell | tableHeader)*',
  parseHTML: () => [{ tag: 'tr' }],
  renderHTML: () => ['tr', 0],
});

// Tiptap hands commands a state whose .tr is the chain's transaction and a no-op dispatch, so
// ProseMirror commands run inside chains unchanged.
function run(command: PmCommand) {
  return () =>
    ({ state, dispatch }: CommandProps) =>
      command(state, dispatch);
}

export const Table = Node.create({
  name: 'table',
  group: 'block',
  content: 'tableRow+',
  isolating: true,
  parseHTML: () => [{ tag: 'table' }],
  renderHTML: () => ['table', ['tbody', 0]],

  addCommands() {
    return {
      insertTable:
        ({ rows = 3, cols = 3, withHeaderRow = true } = {}) =>
        ({ tr, dispatch, editor }) => {
          const { tableRow, tableCell, tableHeader } = editor.schema.nodes;
          const rowNodes = Array.from({ length: rows }, (_, r) =>
            tableRow.create(
              null,
              Array.from({ length: cols }, () => {
                const cell = (withHeaderRow && r === 0 ? tableHeader : tableCell).createAndFill();
                if (!cell) throw new Error('table cell cannot be created');
                return cell;
              }),
            ),
          );
          if (dispatch) {
            const offset = tr.selection.from + 1;
            tr.replaceSelectionWith(this.type.create(null, rowNodes)).scrollIntoView();
            tr.setSelection(TextSelection.near(tr.doc.resolve(offset)));
          }
          return true;
        },
      addRowAfter: run(addRowAfter),
      deleteRow: run(deleteRow),
      addColumnAfter: run(addColumnAfter),
      deleteColumn: run(deleteColumn),
      deleteTable: run(deleteTable),
    };
  },

  addKeyboardShortcuts() {
    return {
      Tab: () => goToNextCell(1)(this.editor.state, this.editor.view.dispatch),
      'Shift-Tab': () => goToNextCell(-1)(this.editor.state, this.editor.view.dispatch),
    };
  },

  addProseMirrorPlugins() {
    return [tableEditing()];
  },
});

/** Hands each table node its prosemirror-tables role (tableRole in the node spec). */
export const TableRoles = Extension.create({
  name: 'tableRoles',
  extendNodeSchema(extension) {
    const role = TABLE_ROLES[extension.name];
    return role ? { tableRole: role } : {};
  },
});

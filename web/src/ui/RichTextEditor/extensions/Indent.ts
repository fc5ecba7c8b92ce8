import { type CommandProps, Extension } from '@tiptap/react';
import { nextIndent, normalizeIndent, parseIndent, readStyleProperty } from '../rules';

// Indent of paragraphs and headings as style="margin-left: N%", N = 10 ... 80 (spec: step 10%).
// Inside a list the same buttons nest or lift the list item instead, as word processors do.

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    indent: {
      indent: () => ReturnType;
      outdent: () => ReturnType;
    };
  }
}

const INDENTABLE_TYPES = ['paragraph', 'heading'];
const LIST_ITEM_TYPES = ['listItem', 'taskItem'];

export const Indent = Extension.create({
  name: 'indent',

  addGlobalAttributes() {
    return [
      {
        types: INDENTABLE_TYPES,
        attributes: {
          indent: {
            default: 0,
            parseHTML: (element) => parseIndent(readStyleProperty(element.getAttribute('style'), 'margin-left')),
            renderHTML: (attributes) => {
              const indent = normalizeIndent(Number(attributes.indent));
              return indent > 0 ? { style: `margin-left: ${indent}%` } : {};
            },
          },
        },
      },
    ];
  },

  addCommands() {
    const shift =
      (direction: 1 | -1) =>
      ({ editor, tr, dispatch, commands }: CommandProps): boolean => {
        const listItem = LIST_ITEM_TYPES.find((type) => editor.isActive(type));
        if (listItem) return direction === 1 ? commands.sinkListItem(listItem) : commands.liftListItem(listItem);
        const { from, to } = tr.selection;
        let changed = false;
        tr.doc.nodesBetween(from, to, (node, pos) => {
          if (!INDENTABLE_TYPES.includes(node.type.name)) return true;
          const indent = nextIndent(Number(node.attrs.indent) || 0, direction);
          if (indent !== node.attrs.indent) {
            // Without dispatch this is a can() probe: answer, but leave the transaction alone.
            if (dispatch) tr.setNodeMarkup(pos, undefined, { ...node.attrs, indent });
            changed = true;
          }
          return false;
        });
        return changed;
      };
    return { indent: () => shift(1), outdent: () => shift(-1) };
  },
});

import { Extension } from '@tiptap/react';
import { normalizeTextAlign, readStyleProperty, type TextAlignment } from '../rules';

// style="text-align: center|right|justify" on paragraphs and headings; left is the default and
// writes nothing.

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    textAlign: {
      setTextAlign: (alignment: TextAlignment) => ReturnType;
    };
  }
}

export const ALIGNABLE_TYPES = ['paragraph', 'heading'];

export const TextAlign = Extension.create({
  name: 'textAlign',

  addGlobalAttributes() {
    return [
      {
        types: ALIGNABLE_TYPES,
        attributes: {
          textAlign: {
            default: null,
            parseHTML: (element) => normalizeTextAlign(readStyleProperty(element.getAttribute('style'), 'text-align')),
            renderHTML: (attributes) => {
              const alignment = normalizeTextAlign(attributes.textAlign);
              return alignment ? { style: `text-align: ${alignment}` } : {};
            },
          },
        },
      },
    ];
  },

  addCommands() {
    return {
      setTextAlign:
        (alignment) =>
        ({ commands }) =>
          ALIGNABLE_TYPES.map((type) => commands.updateAttributes(type, { textAlign: normalizeTextAlign(alignment) })).some(Boolean),
    };
  },

  addKeyboardShortcuts() {
    return {
      'Mod-Shift-l': () => this.editor.commands.setTextAlign('left'),
      'Mod-Shift-e': () => this.editor.commands.setTextAlign('center'),
      'Mod-Shift-r': () => this.editor.commands.setTextAlign('right'),
      'Mod-Shift-j': () => this.editor.commands.setTextAlign('justify'),
    };
  },
});

import { Mark, mergeAttributes } from '@tiptap/react';
import { normalizeColor, normalizeFontSize, readStyleProperty } from '../rules';

// Font colour, background colour and font size, as one <span style="..."> mark so neighbouring
// settings share one span. Values are checked on the way in and out, so only
// "color: #rrggbb", "background-color: #rrggbb" and "font-size: Npx" ever reach the HTML.

type StyleAttribute = 'color' | 'backgroundColor' | 'fontSize';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    textStyle: {
      /** Sets (or, with null, clears) one inline style on the selected text. */
      setTextStyle: (attribute: StyleAttribute, value: string | null) => ReturnType;
      /** Drops style spans whose every property was cleared. */
      removeEmptyTextStyle: () => ReturnType;
    };
  }
}

const CSS_PROPERTY: Record<StyleAttribute, string> = {
  color: 'color',
  backgroundColor: 'background-color',
  fontSize: 'font-size',
};

const NORMALIZE: Record<StyleAttribute, (value: string | null | undefined) => string | null> = {
  color: normalizeColor,
  backgroundColor: normalizeColor,
  fontSize: normalizeFontSize,
};

function styleAttribute(name: StyleAttribute) {
  return {
    default: null,
    parseHTML: (element: HTMLElement) => NORMALIZE[name](readStyleProperty(element.getAttribute('style'), CSS_PROPERTY[name])),
    renderHTML: (attributes: Record<string, unknown>) => {
      const value = NORMALIZE[name](typeof attributes[name] === 'string' ? attributes[name] : null);
      return value ? { style: `${CSS_PROPERTY[name]}: ${value}` } : {};
    },
  };
}

export const TextStyle = Mark.create({
  name: 'textStyle',
  priority: 101,

  addAttributes() {
    return {
      color: styleAttribute('color'),
      backgroundColor: styleAttribute('backgroundColor'),
      fontSize: styleAttribute('fontSize'),
    };
  },

  parseHTML() {
    return [
      {
        tag: 'span[style]',
        consuming: false,
        getAttrs: (element) => {
          const style = element.getAttribute('style');
          const any = (Object.keys(CSS_PROPERTY) as StyleAttribute[]).some((name) =>
            NORMALIZE[name](readStyleProperty(style, CSS_PROPERTY[name])),
          );
          return any ? {} : false;
        },
      },
    ];
  },

  renderHTML({ HTMLAttributes }) {
    return ['span', mergeAttributes(HTMLAttributes), 0];
  },

  addCommands() {
    return {
      setTextStyle:
        (attribute, value) =>
        ({ chain }) =>
          // setMark merges into each styled run's own attributes, so other runs keep theirs.
          chain()
            .setMark(this.name, { [attribute]: value === null ? null : NORMALIZE[attribute](value) })
            .removeEmptyTextStyle()
            .run(),
      removeEmptyTextStyle:
        () =>
        ({ tr }) => {
          const isEmpty = (attrs: Record<string, unknown>) => Object.values(attrs).every((v) => v === null || v === undefined);
          const { from, to, empty } = tr.selection;
          tr.doc.nodesBetween(from, to, (node, pos) => {
            const mark = node.isText ? node.marks.find((m) => m.type.name === this.name) : undefined;
            if (mark && isEmpty(mark.attrs)) tr.removeMark(pos, pos + node.nodeSize, mark.type);
            return true;
          });
          const stored = tr.storedMarks?.find((m) => m.type.name === this.name);
          if (empty && stored && isEmpty(stored.attrs)) tr.removeStoredMark(stored.type);
          return true;
        },
    };
  },
});

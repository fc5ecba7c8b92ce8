import { NodeSelection, TextSelection, type Transaction } from '@tiptap/pm/state';
import { Extension, mergeAttributes, Node } from '@tiptap/react';
import { isOwnOrHttpUrl } from '../rules';

// Tiptap has no audio/video node, so these two render <video controls src> and
// <audio controls src> and read them back. Only http(s) or own-site sources survive parsing.

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    media: {
      insertMedia: (media: { kind: 'video' | 'audio'; src: string }) => ReturnType;
      /** Inserts a block atom (image, video, audio) and puts the caret in the paragraph after it. */
      insertBlockAtom: (node: { type: string; attrs: Record<string, string | undefined> }) => ReturnType;
    };
  }
}

function sourceOf(element: HTMLElement): string | null {
  const src = element.getAttribute('src') ?? element.querySelector('source[src]')?.getAttribute('src') ?? null;
  return src !== null && isOwnOrHttpUrl(src.trim()) ? src.trim() : null;
}

function mediaNode(kind: 'video' | 'audio') {
  return Node.create({
    name: kind,
    group: 'block',
    atom: true,
    draggable: true,
    selectable: true,

    addAttributes() {
      return {
        src: { default: null, parseHTML: sourceOf },
      };
    },

    parseHTML() {
      return [{ tag: kind, getAttrs: (element) => (sourceOf(element) ? null : false) }];
    },

    renderHTML({ HTMLAttributes }) {
      return [kind, mergeAttributes({ controls: '' }, HTMLAttributes)];
    },
  });
}

export const Video = mediaNode('video');
export const Audio = mediaNode('audio');

/** When a transaction leaves an inserted atom selected, moves the caret into the paragraph after it. */
export function caretAfterSelectedAtom(tr: Transaction): Transaction {
  if (!(tr.selection instanceof NodeSelection)) return tr;
  const after = tr.selection.to;
  if (!tr.doc.resolve(after).nodeAfter?.isTextblock) tr.insert(after, tr.doc.type.schema.nodes.paragraph.create());
  return tr.setSelection(TextSelection.create(tr.doc, after + 1));
}

export const MediaCommands = Extension.create({
  name: 'mediaCommands',
  addCommands() {
    return {
      insertMedia:
        ({ kind, src }) =>
        ({ commands }) =>
          commands.insertBlockAtom({ type: kind, attrs: { src } }),
      insertBlockAtom:
        (node) =>
        ({ chain }) =>
          chain()
            .insertContent(node)
            // insertContent leaves the new atom selected, so the next insert would replace it.
            .command(({ tr, dispatch }) => {
              if (dispatch) caretAfterSelectedAtom(tr);
              return true;
            })
            .run(),
    };
  },
});

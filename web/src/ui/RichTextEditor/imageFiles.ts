import type { EditorView } from '@tiptap/pm/view';
import { caretAfterSelectedAtom } from './extensions/Media';
import { checkImageUrl } from './rules';

/**
 * Uploads image files pasted or dropped into the editor and inserts each as <img> when its URL
 * comes back. Returns true when it took the event (there were images and an uploader).
 */
export function insertImageFiles(
  view: EditorView,
  files: FileList | null | undefined,
  upload: ((file: File) => Promise<string>) | undefined,
  position: number | null,
  onFailure: (error: unknown) => void,
): boolean {
  const images = Array.from(files ?? []).filter((file) => file.type.startsWith('image/'));
  if (!upload || images.length === 0) return false;
  for (const file of images) {
    upload(file)
      .then((url) => {
        const check = checkImageUrl(url);
        if (!check.ok) throw new Error(check.problem);
        if (view.isDestroyed) return;
        const image = view.state.schema.nodes.image.create({ src: check.value, alt: file.name.replace(/\.[^.]+$/, '') });
        const { tr } = view.state;
        if (position !== null && position <= tr.doc.content.size) tr.replaceRangeWith(position, position, image);
        else tr.replaceSelectionWith(image);
        view.dispatch(caretAfterSelectedAtom(tr).scrollIntoView());
      })
      .catch(onFailure);
  }
  return true;
}

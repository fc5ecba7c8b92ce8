/**
 * preact/compat plus React 19 `use`, which react-leaflet 5 needs and Preact 10 lacks. Vite aliases
 * `react` and `react-dom` here (see vite.config.ts). Plain JS: preact/compat's types use
 * `export =`, which `export *` cannot re-export in TypeScript, and the app keeps React's types.
 */
import { options } from 'preact';
import { useContext } from 'preact/compat';

export * from 'preact/compat';
export { default } from 'preact/compat';

/** React 19 `use`, for contexts only (all react-leaflet asks of it). */
export function use(usable) {
  if (typeof usable?.then === 'function') throw new Error('use(promise) is not supported by preact/compat');
  // biome-ignore lint/correctness/useHookAtTopLevel: `use` is itself a hook, called like one
  return useContext(usable);
}

/**
 * React's `autoFocus`: React focuses such an element when it is mounted; Preact only writes the
 * `autofocus` attribute, which a browser honours at page load and never for an element a screen
 * adds later (the editor's link box, a dialog's button, a sign-in field after navigation). Each
 * element is focused once, when it first appears; the element's own ref still gets it.
 */
const autoFocused = new WeakSet();
const previousVnodeHook = options.vnode;
options.vnode = (vnode) => {
  previousVnodeHook?.(vnode);
  const props = vnode.props;
  if (typeof vnode.type !== 'string' || !props?.autoFocus) return;
  const ownRef = vnode.ref;
  vnode.ref = (el) => {
    if (el && !autoFocused.has(el)) {
      autoFocused.add(el);
      el.focus();
    }
    if (typeof ownRef === 'function') ownRef(el);
    else if (ownRef) ownRef.current = el;
  };
};

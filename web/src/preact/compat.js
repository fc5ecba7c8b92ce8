/**
 * preact/compat plus React 19 `use`, which react-leaflet 5 needs and Preact 10 lacks. Vite aliases
 * `react` and `react-dom` here (see vite.config.ts). Plain JS: preact/compat's types use
 * `export =`, which `export *` cannot re-export in TypeScript, and the app keeps React's types.
 */
import { useContext } from 'preact/compat';

export * from 'preact/compat';
export { default } from 'preact/compat';

/** React 19 `use`, for contexts only (all react-leaflet asks of it). */
export function use(usable) {
  if (typeof usable?.then === 'function') throw new Error('use(promise) is not supported by preact/compat');
  // biome-ignore lint/correctness/useHookAtTopLevel: `use` is itself a hook, called like one
  return useContext(usable);
}

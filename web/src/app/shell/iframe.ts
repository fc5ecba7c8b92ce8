import { useEffect } from 'react';

export { isInIframe } from '@/lib/inIframe';

export const IFRAME_EXTRA_HEIGHT = 100;
export const IFRAME_RESIZE_DEBOUNCE_MS = 300;

/**
 * The page's own height: the body's, which the frame's height does not stretch. (The root
 * element's is at least the frame's, so measuring it let a frame grow and never shrink, and the
 * 100px added each time fed back into the next measure.)
 */
function documentHeight(): number {
  return document.body.scrollHeight;
}

/**
 * Inside an iframe the page sizes its frame to its own height plus 100px (spec section 2):
 * directly when the parent is same-origin, and by postMessage for a parent that listens.
 * Recalculated 300ms after the last resize or DOM change.
 */
export function useIframeAutoHeight(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastHeight = -1;
    const apply = () => {
      const height = documentHeight() + IFRAME_EXTRA_HEIGHT;
      if (height === lastHeight) return;
      lastHeight = height;
      try {
        // the frame element lives in the parent's realm, so `instanceof HTMLElement` would say no
        const frame = window.frameElement as HTMLElement | null;
        if (frame?.style) frame.style.height = `${height}px`;
      } catch {
        // cross-origin parent: only the message below reaches it
      }
      window.parent.postMessage({ type: 'tales:height', height }, '*');
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(apply, IFRAME_RESIZE_DEBOUNCE_MS);
    };
    const resizeObserver = new ResizeObserver(schedule);
    resizeObserver.observe(document.body);
    const mutationObserver = new MutationObserver(schedule);
    mutationObserver.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
    window.addEventListener('resize', schedule);
    window.addEventListener('load', schedule);
    apply();
    return () => {
      clearTimeout(timer);
      resizeObserver.disconnect();
      mutationObserver.disconnect();
      window.removeEventListener('resize', schedule);
      window.removeEventListener('load', schedule);
    };
  }, [enabled]);
}

import { useEffect, useState } from 'react';

/** Ctrl+Alt+F toggles full-screen mode (menu and footer hidden). Read by physical key, so any layout works. */
export function useFullScreenToggle(): boolean {
  const [fullScreen, setFullScreen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey && e.altKey && !e.shiftKey && !e.metaKey && (e.code === 'KeyF' || e.key.toLowerCase() === 'f')) {
        e.preventDefault();
        setFullScreen((v) => !v);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return fullScreen;
}

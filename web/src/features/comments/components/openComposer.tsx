import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/**
 * Which comment composer of a thread is open. A composer opens when it takes the cursor (or, for an
 * edit, when it appears) and folds when another one opens, so a thread never shows two full editors
 * at once; a folded one keeps what was typed in it.
 */
interface OpenComposer {
  openId: string | null;
  open: (id: string) => void;
  close: (id: string) => void;
}

const OpenComposerContext = createContext<OpenComposer | null>(null);

export function OpenComposerProvider({ children }: { children: ReactNode }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const open = useCallback((id: string) => setOpenId(id), []);
  const close = useCallback((id: string) => setOpenId((current) => (current === id ? null : current)), []);
  const value = useMemo(() => ({ openId, open, close }), [openId, open, close]);
  return <OpenComposerContext.Provider value={value}>{children}</OpenComposerContext.Provider>;
}

/** Whether the composer `id` is the open one, and how to open or fold it. */
export function useOpenComposer(id: string): { isOpen: boolean; open: () => void; close: () => void } {
  const shared = useContext(OpenComposerContext);
  // outside a thread (no provider) a composer stands alone
  const [aloneOpen, setAloneOpen] = useState(false);
  if (!shared) return { isOpen: aloneOpen, open: () => setAloneOpen(true), close: () => setAloneOpen(false) };
  return { isOpen: shared.openId === id, open: () => shared.open(id), close: () => shared.close(id) };
}

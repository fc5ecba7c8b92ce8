/**
 * The local draft of spec section 4: what is typed in edit mode is kept in localStorage, one
 * entry per tale, and offered back the next time that tale is edited, but only when its body is
 * longer than 10 characters and it belongs to the same tale. Cancel or save clears it.
 */
export const LOCAL_DRAFT_MIN_BODY = 10;
const PREFIX = 'tales.taleDraft.';

export interface LocalDraft<T> {
  id: number;
  savedAt: number;
  values: T & { body: string };
}

const keyOf = (id: number) => `${PREFIX}${id}`;

export function rememberDraft<T extends { body: string }>(id: number, values: T): void {
  try {
    const entry: LocalDraft<T> = { id, savedAt: Date.now(), values };
    localStorage.setItem(keyOf(id), JSON.stringify(entry));
  } catch {
    // storage full or disabled: the draft is simply not kept
  }
}

export function readDraft<T extends { body: string }>(id: number): (T & { body: string }) | null {
  try {
    const raw = localStorage.getItem(keyOf(id));
    if (!raw) return null;
    const entry = JSON.parse(raw) as Partial<LocalDraft<T>>;
    const values = entry.values;
    if (entry.id !== id || !values || typeof values.body !== 'string') return null;
    return values.body.length > LOCAL_DRAFT_MIN_BODY ? values : null;
  } catch {
    return null;
  }
}

export function clearDraft(id: number): void {
  try {
    localStorage.removeItem(keyOf(id));
  } catch {
    // nothing to clear
  }
}

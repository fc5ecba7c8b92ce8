import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const idOf = (v: string | null): number | null => {
  const n = Number(v);
  return v && Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * The address query of a notification link (/tale/upsert/{root}?highlight={id}&expand={branch}):
 * the level-1 comment whose branch is opened, and the comment to light up.
 */
export function useThreadParams() {
  const [params, setParams] = useSearchParams();
  const expand = idOf(params.get('expand'));
  const highlight = idOf(params.get('highlight'));
  /** Back to the whole conversation ('Show all comments'). */
  const showAll = useCallback(() => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('expand');
        next.delete('highlight');
        return next;
      },
      { preventScrollReset: true },
    );
  }, [setParams]);
  return { expand, highlight, showAll };
}

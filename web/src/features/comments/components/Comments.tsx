import type { ReactNode } from 'react';
import type { Tale } from '@common/schemas/tale';
import '@/ui/RichTextEditor/content.css';
import './comments.css';
import { CommentsBlock } from './CommentsBlock';
import { OpenComposerProvider } from './openComposer';

/**
 * The comments block under a tale (level 0) or under a level-1 comment (its replies). Levels 2
 * and deeper have none (spec section 4). Reads `expand` and `highlight` from the address itself.
 * Each comment's like button comes from the page (app/routes), which composes the likes feature.
 */
export function Comments({
  tale,
  renderLike,
  renderHistory,
}: {
  tale: Tale;
  renderLike?: (comment: Tale) => ReactNode;
  /** Each comment's edit history (its author and staff), from the page. */
  renderHistory?: (comment: Tale) => ReactNode;
}) {
  if (tale.level >= 2) return null;
  return (
    <OpenComposerProvider>
      <CommentsBlock tale={tale} post={tale.level === 0 ? tale : null} renderLike={renderLike} renderHistory={renderHistory} />
    </OpenComposerProvider>
  );
}

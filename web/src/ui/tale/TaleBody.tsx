import '../RichTextEditor/content.css';
import './taleBody.css';
import { type MouseEvent, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { linkifyHashtags } from '@/lib/hashtags';
import { hashtagHref } from '@/lib/taleAddress';

/**
 * A tale body as the server stored it: HTML already sanitised against the editor's allowlist, so
 * it is rendered as is. Hashtags in its text become links to the feed search.
 */
export function TaleBody({ html, className = '', testId }: { html: string; className?: string; testId?: string }) {
  const navigate = useNavigate();
  const withTags = useMemo(() => linkifyHashtags(html, hashtagHref), [html]);

  // hashtag links stay inside the single-page app; every other link behaves as a link
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const target = e.target instanceof Element ? e.target.closest('a.tales-hashtag') : null;
    if (!(target instanceof HTMLAnchorElement)) return;
    e.preventDefault();
    const url = new URL(target.href);
    navigate(`${url.pathname}${url.search}`);
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the handler only routes clicks on the links inside, which are focusable themselves
    <div
      className={`tales-rich-text ${className}`}
      data-testid={testId}
      onClick={onClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the body is sanitised by the server against the editor's allowlist; only hashtag links are added, on the parsed tree
      dangerouslySetInnerHTML={{ __html: withTags }}
    />
  );
}

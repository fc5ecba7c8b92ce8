import { useTranslation } from 'react-i18next';

/**
 * A link to an RSS feed, for a feed reader to follow: a plain link to the server's feed (not a
 * route of the app). Its titles come in the page's language.
 */
export function FeedLink({ href, label, testId }: { href: string; label: string; testId?: string }) {
  const { i18n } = useTranslation();
  const url = i18n.resolvedLanguage === 'ru' ? `${href}${href.includes('?') ? '&' : '?'}lang=ru` : href;
  return (
    <a href={url} type="application/rss+xml" className="tales-feed-link text-body-secondary text-nowrap" data-testid={testId}>
      <svg aria-hidden="true" width="14" height="14" viewBox="0 0 16 16" fill="currentColor" className="me-1 align-text-bottom">
        <circle cx="2.5" cy="13.5" r="2" />
        <path d="M1 6.5a8.5 8.5 0 0 1 8.5 8.5H7.3A6.3 6.3 0 0 0 1 8.7V6.5Z" />
        <path d="M1 1.5A13.5 13.5 0 0 1 14.5 15h-2.2A11.3 11.3 0 0 0 1 3.7V1.5Z" />
      </svg>
      {label}
    </a>
  );
}

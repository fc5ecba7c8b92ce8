import './feed.css';
import { type ReactNode, useMemo } from 'react';
import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Tale } from '@common/schemas/tale';
import { excerpt } from '@common/models/tale';
import { splitHashtags } from '@/lib/hashtags';
import { FEED_EXCERPT, coverOf, isTeased, readingMinutes } from '@/lib/reading';
import { hashtagHref, taleHref } from '@/lib/taleAddress';
import { TaleBadges } from '@/ui/tale/TaleBadges';
import { TaleBody } from '@/ui/tale/TaleBody';
import { TaleByline } from '@/ui/tale/TaleByline';
import { AdultGate } from './AdultGate';
import { CollapsibleBody } from './CollapsibleBody';
import { JumpButtons, taleCardId } from './JumpButtons';

/** The start of a tale's text, its hashtags as links to the feed search. */
function Excerpt({ text }: { text: string }) {
  return (
    <p className="tales-card-excerpt mb-2" data-testid="tale-card-excerpt">
      {splitHashtags(excerpt(text, FEED_EXCERPT)).map((part, i) =>
        'tag' in part ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order
          <Link key={i} to={hashtagHref(part.tag)} className="tales-hashtag">
            {part.text}
          </Link>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

/**
 * One tale in a feed: header, byline with the reading time, and either the whole body (a short
 * tale; collapsed if tall) or a teaser (a tale with images or a long text: the first image as
 * a cover, the start of the text, Read more), gated when not for kids; like, comments, jumps.
 */
export function TaleCard({
  tale,
  prevId,
  nextId,
  like,
}: {
  tale: Tale;
  prevId: number | null;
  nextId: number | null;
  /** The like button, composed by the page (app/routes) from the likes feature. */
  like?: ReactNode;
}) {
  const { t } = useTranslation();
  const href = taleHref(tale);
  const classes = ['tales-card', 'mb-4', 'shadow-sm'];
  if (tale.is_sticked === 1) classes.push('tales-card-sticked');
  if (tale.is_draft === 1) classes.push('tales-card-draft');
  const cover = useMemo(() => coverOf(tale.body), [tale.body]);
  const teased = isTeased(tale.body_txt, cover);
  const header = tale.is_header_hidden !== 1 ? tale.header.trim() : '';
  const body = teased ? (
    <div data-testid="tale-card-teaser">
      {cover && (
        <Link to={href} className="d-block mb-3 tales-card-cover" tabIndex={-1} aria-hidden="true">
          <img src={cover.src} alt="" loading="lazy" decoding="async" data-testid="tale-card-cover" />
        </Link>
      )}
      {tale.body_txt.trim() && <Excerpt text={tale.body_txt} />}
      <Link
        to={href}
        className="fw-semibold"
        data-testid="tale-card-read-more"
        // the visible words first (label in name), then which tale: every card has one
        aria-label={header ? `${t('feed.readMore')}: ${header}` : undefined}
      >
        {t('feed.readMore')}
      </Link>
    </div>
  ) : (
    <CollapsibleBody>
      <TaleBody html={tale.body} testId="tale-card-body" />
    </CollapsibleBody>
  );

  return (
    <Card as="article" id={taleCardId(tale.id)} className={classes.join(' ')} data-testid="tale-card" data-tale-id={tale.id}>
      <Card.Body>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <TaleBadges tale={tale} />
        </div>
        {header && (
          <h2 className="h4 tales-card-title mb-2">
            <Link to={href} data-testid="tale-card-header">
              {tale.header}
            </Link>
          </h2>
        )}
        <TaleByline tale={tale} className="mb-3" readingMinutes={readingMinutes(tale.body_txt)} />
        {tale.is_adult_denied === 1 ? <AdultGate>{body}</AdultGate> : body}
      </Card.Body>
      <Card.Footer className="bg-transparent d-flex flex-wrap align-items-center gap-2">
        {like}
        <Link
          to={`${href}#comments`}
          className="btn btn-sm btn-outline-secondary"
          data-testid="tale-card-comments"
          title={t('feed.commentsLabel')}
        >
          <svg aria-hidden="true" width="14" height="14" viewBox="0 0 16 16" fill="currentColor" className="me-1 align-text-bottom">
            <path d="M2 2h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6l-3.5 3v-3H2a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1z" fillOpacity=".85" />
          </svg>
          {t('feed.comments', { count: tale.count_root_tale_id })}
        </Link>
        <span className="ms-auto">
          <JumpButtons prevId={prevId} nextId={nextId} />
        </span>
      </Card.Footer>
    </Card>
  );
}

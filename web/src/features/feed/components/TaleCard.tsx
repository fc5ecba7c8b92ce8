import './feed.css';
import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Tale } from '@common/schemas/tale';
import { taleHref } from '@/lib/taleAddress';
import { TaleBadges } from '@/ui/tale/TaleBadges';
import { TaleBody } from '@/ui/tale/TaleBody';
import { TaleByline } from '@/ui/tale/TaleByline';
import { AdultGate } from './AdultGate';
import { CollapsibleBody } from './CollapsibleBody';
import { JumpButtons, taleCardId } from './JumpButtons';

/** One tale in a feed: header, byline, body (collapsed when long, gated when not for kids), like, comments, jumps. */
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
  const body = <TaleBody html={tale.body} testId="tale-card-body" />;

  return (
    <Card as="article" id={taleCardId(tale.id)} className={classes.join(' ')} data-testid="tale-card" data-tale-id={tale.id}>
      <Card.Body>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <TaleBadges tale={tale} />
        </div>
        {tale.is_header_hidden !== 1 && tale.header.trim() && (
          <h2 className="h4 tales-card-title mb-2">
            <Link to={href} data-testid="tale-card-header">
              {tale.header}
            </Link>
          </h2>
        )}
        <TaleByline tale={tale} className="mb-3" />
        {tale.is_adult_denied === 1 ? (
          <AdultGate>
            <CollapsibleBody>{body}</CollapsibleBody>
          </AdultGate>
        ) : (
          <CollapsibleBody>{body}</CollapsibleBody>
        )}
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

import { ButtonGroup, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

export const taleCardId = (id: number) => `tale-${id}`;

const scrollToCard = (id: number) => document.getElementById(taleCardId(id))?.scrollIntoView({ behavior: 'smooth', block: 'start' });

/** Per-tale moves of the feed: to the top and bottom of the page, to the previous and next tale. */
export function JumpButtons({ prevId, nextId }: { prevId: number | null; nextId: number | null }) {
  const { t } = useTranslation();
  return (
    <ButtonGroup size="sm" aria-label={t('feed.jumps')}>
      <Button
        variant="outline-secondary"
        title={t('feed.jumpTop')}
        aria-label={t('feed.jumpTop')}
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      >
        ⤒
      </Button>
      <Button
        variant="outline-secondary"
        title={t('feed.jumpPrev')}
        aria-label={t('feed.jumpPrev')}
        disabled={prevId == null}
        onClick={() => prevId != null && scrollToCard(prevId)}
      >
        ↑
      </Button>
      <Button
        variant="outline-secondary"
        title={t('feed.jumpNext')}
        aria-label={t('feed.jumpNext')}
        disabled={nextId == null}
        onClick={() => nextId != null && scrollToCard(nextId)}
      >
        ↓
      </Button>
      <Button
        variant="outline-secondary"
        title={t('feed.jumpBottom')}
        aria-label={t('feed.jumpBottom')}
        onClick={() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'smooth' })}
      >
        ⤓
      </Button>
    </ButtonGroup>
  );
}

import { ButtonGroup, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FEED_NAMESPACE, registerFeedStrings } from '../i18n';

export const taleCardId = (id: number) => `tale-${id}`;

const scrollToCard = (id: number) => document.getElementById(taleCardId(id))?.scrollIntoView({ behavior: 'smooth', block: 'start' });

/** Per-tale moves of the feed: to the top and bottom of the page, to the previous and next tale. */
export function JumpButtons({ prevId, nextId }: { prevId: number | null; nextId: number | null }) {
  const { t, i18n } = useTranslation(FEED_NAMESPACE);
  registerFeedStrings(i18n);
  return (
    <ButtonGroup size="sm" aria-label={t('jumps')}>
      <Button
        variant="outline-secondary"
        title={t('jumpTop')}
        aria-label={t('jumpTop')}
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      >
        ⤒
      </Button>
      <Button
        variant="outline-secondary"
        title={t('jumpPrev')}
        aria-label={t('jumpPrev')}
        disabled={prevId == null}
        onClick={() => prevId != null && scrollToCard(prevId)}
      >
        ↑
      </Button>
      <Button
        variant="outline-secondary"
        title={t('jumpNext')}
        aria-label={t('jumpNext')}
        disabled={nextId == null}
        onClick={() => nextId != null && scrollToCard(nextId)}
      >
        ↓
      </Button>
      <Button
        variant="outline-secondary"
        title={t('jumpBottom')}
        aria-label={t('jumpBottom')}
        onClick={() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'smooth' })}
      >
        ⤓
      </Button>
    </ButtonGroup>
  );
}

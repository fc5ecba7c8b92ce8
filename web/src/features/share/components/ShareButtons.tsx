import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { excerpt, SHARE_EXCERPT, type Tale } from '@common/models/tale';
import { appRoutes } from '@common/routes';
import { absoluteUrl } from '@/lib/siteConfig';
import { isInIframe } from '@/lib/inIframe';
import { EmbedCode } from './EmbedCode';
import { NETWORK_NAMES, SHARE_NETWORKS, type ShareNetwork, type SharePayload, shareLink } from '../utils/shareLinks';

/** A framed tale offers no code to frame it again. */
const inIframe = isInIframe();

/** Each network's colour, a shade darker where its own would not carry white text (WCAG AA, 4.5:1). */
const NETWORK_COLOURS: Record<ShareNetwork, string> = {
  vk: '#0062d6',
  facebook: '#1466d6',
  telegram: '#0b76ad',
  whatsapp: '#0e7a5f',
  viber: '#6553e0',
  linkedin: '#0a66c2',
};

/** What a tale shares: its own address (alias when set), header and a 100-character excerpt. */
export function sharePayloadOf(tale: Pick<Tale, 'id' | 'router_alias' | 'header' | 'body_txt'>): SharePayload {
  const path = appRoutes.taleOf(tale);
  return { url: absoluteUrl(path), title: tale.header, text: excerpt(tale.body_txt ?? '', SHARE_EXCERPT) };
}

/** Sharing buttons of the tale screen: six networks, copy link, and the system share sheet where there is one. */
export function ShareButtons({ tale }: { tale: Pick<Tale, 'id' | 'router_alias' | 'header' | 'body_txt' | 'is_social_sharing_hidden'> }) {
  const { t } = useTranslation();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const linkField = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // the copy fell through: offer the address selected, ready for Ctrl+C
  useEffect(() => {
    if (copy === 'failed') linkField.current?.select();
  }, [copy]);
  if (tale.is_social_sharing_hidden === 1) return null;

  const payload = sharePayloadOf(tale);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const copyLink = async () => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(payload.url);
      setCopy('copied');
    } catch {
      setCopy('failed');
      return;
    }
    timer.current = setTimeout(() => setCopy('idle'), 2500);
  };

  return (
    <section className="tales-share my-4" aria-label={t('share.title')} data-testid="share">
      <h2 className="h6 text-body-secondary mb-2">{t('share.title')}</h2>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        {SHARE_NETWORKS.map((n) => (
          <a
            key={n}
            className="btn btn-sm text-white"
            style={{ backgroundColor: NETWORK_COLOURS[n], borderColor: NETWORK_COLOURS[n] }}
            href={shareLink(n, payload)}
            target="_blank"
            rel="noopener noreferrer"
            title={t('share.shareOn', { network: NETWORK_NAMES[n] })}
            aria-label={t('share.shareOn', { network: NETWORK_NAMES[n] })}
            data-network={n}
          >
            {NETWORK_NAMES[n]}
          </a>
        ))}
        <Button size="sm" variant={copy === 'copied' ? 'success' : 'outline-secondary'} onClick={copyLink} data-testid="share-copy">
          {copy === 'copied' ? `✓ ${t('share.copied')}` : t('share.copy')}
        </Button>
        {canShare && (
          <Button
            size="sm"
            variant="outline-primary"
            data-testid="share-system"
            onClick={() => {
              navigator.share(payload).catch(() => {
                // closed by the person, or refused: nothing to do
              });
            }}
          >
            {t('share.system')}
          </Button>
        )}
        {!inIframe && <EmbedCode url={payload.url} title={payload.title} />}
      </div>
      {copy === 'failed' && (
        <div className="mt-2">
          <input ref={linkField} className="form-control form-control-sm" readOnly value={payload.url} aria-label={t('share.link')} />
          <div className="form-text" role="status">
            {t('share.copyFailed')}
          </div>
        </div>
      )}
      <span className="visually-hidden" role="status" aria-live="polite">
        {copy === 'copied' ? t('share.copied') : ''}
      </span>
    </section>
  );
}

import { useId, useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/ui/CopyButton';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * What another site pastes to show a tale: its frame, and this site's embed.js, which sizes the
 * frame to the tale (the tale posts its height; the script listens for this site's frames only).
 */
export function embedSnippet(taleUrl: string, title: string): string {
  const origin = new URL(taleUrl).origin;
  return [
    `<iframe src="${escapeAttribute(taleUrl)}" title="${escapeAttribute(title)}" style="width:100%;border:0;height:480px" loading="lazy"></iframe>`,
    `<script src="${origin}/embed.js" async></script>`,
  ].join('\n');
}

/** The tale screen's "Embed": opens the snippet in place, ready to copy. */
export function EmbedCode({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const fieldId = useId();
  const snippet = embedSnippet(url, title);
  return (
    <>
      <Button
        size="sm"
        variant="outline-secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        data-testid="share-embed"
      >
        {t('share.embed')}
      </Button>
      {open && (
        <div id={panelId} className="w-100 mt-2" data-testid="share-embed-panel">
          <label htmlFor={fieldId} className="form-label small mb-1">
            {t('share.embedCode')}
          </label>
          <textarea
            id={fieldId}
            className="form-control form-control-sm font-monospace"
            rows={3}
            readOnly
            value={snippet}
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
            <CopyButton text={snippet} label={t('share.embedCopy')} />
            <span className="form-text m-0">{t('share.embedHint')}</span>
          </div>
        </div>
      )}
    </>
  );
}

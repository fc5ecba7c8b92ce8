import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The server's page the free code runs in (server/http/web-app.ts FREE_CODE_PATH). */
const FREE_CODE_PATH = '/free-code.html';

/**
 * The admin's free code (body_free). It runs scripts, but in a sandbox without allow-same-origin,
 * so it gets an opaque origin: no access to this page, its storage or its session. The frame
 * loads the server's free-code page, which has its own Content-Security-Policy (a srcdoc frame
 * would inherit this page's, which forbids inline scripts); when that page says it is ready, it
 * is sent the code. Its origin is opaque, so the message cannot name one: it is the tale's own
 * code, which this page shows anyway. A new code loads a new frame.
 */
export function FreeCodeFrame({ code }: { code: string }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const target = frame.current?.contentWindow;
      if (!target || event.source !== target || event.data?.type !== 'tales:free-code-ready') return;
      target.postMessage({ type: 'tales:free-code', code }, '*');
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [code]);
  return (
    <iframe
      key={code}
      ref={frame}
      className="tales-frame tales-frame-free w-100 border rounded"
      title={t('tale.freeCode')}
      sandbox="allow-scripts"
      src={FREE_CODE_PATH}
      referrerPolicy="no-referrer"
      loading="lazy"
      data-testid="tale-free-code"
    />
  );
}

/** The page named in the tale's frame address, sandboxed the same way. */
export function EmbeddedFrame({ src }: { src: string }) {
  const { t } = useTranslation();
  if (!/^https?:\/\//i.test(src)) return null;
  return (
    <iframe
      className="tales-frame tales-frame-embedded w-100 border rounded"
      title={t('tale.embeddedFrame')}
      src={src}
      sandbox="allow-scripts allow-popups allow-forms"
      referrerPolicy="no-referrer"
      loading="lazy"
      allowFullScreen
      data-testid="tale-iframe"
    />
  );
}

import { useTranslation } from 'react-i18next';
import { registerTaleStrings, TALE_NAMESPACE } from '../i18n';

/**
 * The admin's free code (body_free). It runs scripts, but in a sandbox without allow-same-origin,
 * so it gets an opaque origin: no access to this page, its storage or its session.
 */
export function FreeCodeFrame({ code }: { code: string }) {
  const { t, i18n } = useTranslation(TALE_NAMESPACE);
  registerTaleStrings(i18n);
  return (
    <iframe
      className="tales-frame tales-frame-free w-100 border rounded"
      title={t('freeCode')}
      sandbox="allow-scripts"
      srcDoc={code}
      referrerPolicy="no-referrer"
      loading="lazy"
      data-testid="tale-free-code"
    />
  );
}

/** The page named in the tale's frame address, sandboxed the same way. */
export function EmbeddedFrame({ src }: { src: string }) {
  const { t, i18n } = useTranslation(TALE_NAMESPACE);
  registerTaleStrings(i18n);
  if (!/^https?:\/\//i.test(src)) return null;
  return (
    <iframe
      className="tales-frame tales-frame-embedded w-100 border rounded"
      title={t('embeddedFrame')}
      src={src}
      sandbox="allow-scripts allow-popups allow-forms"
      referrerPolicy="no-referrer"
      loading="lazy"
      allowFullScreen
      data-testid="tale-iframe"
    />
  );
}

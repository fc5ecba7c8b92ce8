import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The frame of a tool page: a heading, a one-line description, and the page's title in the tab. */
export function ToolPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.brand')}`;
    return () => {
      document.title = t('app.title');
    };
  }, [title, t]);
  return (
    <section className="py-3">
      <h1 className="h3 mb-2">{title}</h1>
      {intro && <p className="text-body-secondary mb-4">{intro}</p>}
      {children}
    </section>
  );
}

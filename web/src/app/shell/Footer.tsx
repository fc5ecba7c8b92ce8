import { useTranslation } from 'react-i18next';
import { feedRoutes } from '@common/routes';
import { FeedLink } from '@/ui/FeedLink';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="tales-footer border-top py-3 mt-4 text-body-secondary small" data-testid="app-footer">
      <div className="container-fluid d-flex flex-wrap justify-content-between gap-2">
        <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
        <span className="d-flex flex-wrap column-gap-3">
          <FeedLink href={feedRoutes.site('rss')} label={t('feed.rss')} testId="site-feed-link" />
          <span>{t('footer.fullScreenHint')}</span>
        </span>
      </div>
    </footer>
  );
}

import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="tales-footer border-top py-3 mt-4 text-body-secondary small" data-testid="app-footer">
      <div className="container-fluid d-flex flex-wrap justify-content-between gap-2">
        <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
        <span>{t('footer.fullScreenHint')}</span>
      </div>
    </footer>
  );
}

import { type MouseEvent, Suspense, useEffect } from 'react';
import { Container } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from './Footer';
import { isInIframe, useIframeAutoHeight } from './iframe';
import { MainNavbar } from './MainNavbar';
import { Toasts } from './Toasts';
import { SpinnerOverlay } from './SpinnerOverlay';
import { useFullScreenToggle } from './useFullScreenToggle';
import { useLiveNotifications } from '@/features/notifications/hooks/useLiveNotifications';
import { PageLoading } from '@/ui/PageLoading';

const inIframe = isInIframe();

/** The skip link moves the focus itself: the router must not treat "#main" as a page address. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const main = document.getElementById('main');
  main?.focus();
  main?.scrollIntoView();
}

export function Layout() {
  const { t } = useTranslation();
  const fullScreen = useFullScreenToggle();
  const chromeHidden = inIframe || fullScreen;
  useIframeAutoHeight(inIframe);
  useLiveNotifications();

  useEffect(() => {
    document.title = t('app.title');
  }, [t]);

  return (
    <div
      // in a frame the page must not fill the viewport: the frame is sized to the page, and 100vh would grow with it
      className={`tales-app d-flex flex-column${inIframe ? '' : ' min-vh-100'}`}
      data-fullscreen={fullScreen ? '1' : '0'}
    >
      {!chromeHidden && (
        // biome-ignore lint/a11y/useValidAnchor: a skip link is a link to #main; the click moves the focus without putting #main in the router's history
        <a href="#main" className="visually-hidden-focusable tales-skip-link" onClick={skipToMain}>
          {t('nav.skipToContent')}
        </a>
      )}
      {!chromeHidden && <MainNavbar />}
      <main id="main" tabIndex={-1} className="flex-grow-1">
        <Container className={chromeHidden ? 'pt-3' : undefined}>
          <Suspense fallback={<PageLoading label={t('common.loading')} />}>
            <Outlet />
          </Suspense>
        </Container>
      </main>
      {!chromeHidden && <Footer />}
      <Toasts />
      <SpinnerOverlay />
      <ScrollRestoration />
    </div>
  );
}

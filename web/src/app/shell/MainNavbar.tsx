import { Container, Nav, Navbar, NavDropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { can } from '@common/policies';
import { appRoutes, serverPages } from '@common/routes';
import { useCurrentUser } from '@/lib/currentUser';
import { LanguageSelector } from './LanguageSelector';
import { ThemeSelector } from './ThemeSelector';
import { UserMenu } from './UserMenu';

const UI_TEST_PAGES = ['001', '002', '003'] as const;

export function MainNavbar() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const isAdmin = can.useAdminTools(user);
  return (
    <Navbar expand="lg" bg="dark" data-bs-theme="dark" className="mb-3 border-bottom" data-testid="main-navbar" collapseOnSelect>
      <Container fluid>
        <Navbar.Brand as={Link} to={appRoutes.home}>
          <img src="/favicon.svg" alt="" width={26} height={26} className="me-2 align-text-top" />
          {t('app.brand')}
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="main-navbar-nav" aria-label={t('nav.toggle')} />
        <Navbar.Collapse id="main-navbar-nav">
          <Nav className="me-auto">
            <Nav.Link as={Link} to={appRoutes.map} eventKey="map" data-testid="nav-map">
              {t('nav.map')}
            </Nav.Link>
            <NavDropdown id="nav-tools" title={t('nav.tools')}>
              <NavDropdown.Item as={Link} to={appRoutes.urlParser}>
                {t('nav.urlParser')}
              </NavDropdown.Item>
              <NavDropdown.Item as={Link} to={appRoutes.cliParser}>
                {t('nav.cliParser')}
              </NavDropdown.Item>
              <NavDropdown.Item as={Link} to={appRoutes.informer}>
                {t('nav.informer')}
              </NavDropdown.Item>
              <NavDropdown.Divider />
              <NavDropdown.Item as={Link} to={serverPages.serializedDataEditor}>
                {t('nav.serializedDataEditor')}
              </NavDropdown.Item>
              <NavDropdown.Item as={Link} to={serverPages.jsonSearchReplace}>
                {t('nav.jsonSearchReplace')}
              </NavDropdown.Item>
            </NavDropdown>
            {/* staff see the menu for the DB manager; everything else in it is for admins only */}
            {can.useStaffTools(user) && (
              <NavDropdown id="nav-admin" title={t('nav.adminTools')} data-testid="admin-menu">
                {isAdmin && (
                  <>
                    <NavDropdown.Item as={Link} to={appRoutes.restCall}>
                      {t('nav.restCall')}
                    </NavDropdown.Item>
                    <NavDropdown.Item as={Link} to={serverPages.baseCurlCalls}>
                      {t('nav.baseCurlCalls')}
                    </NavDropdown.Item>
                  </>
                )}
                <NavDropdown.Item as={Link} to={serverPages.dbTablesColumnsInfo}>
                  {t('nav.dbManager')}
                </NavDropdown.Item>
                {isAdmin && (
                  <>
                    <NavDropdown.Item as={Link} to={serverPages.adminUsers}>
                      {t('nav.adminUsers')}
                    </NavDropdown.Item>
                    <NavDropdown.Divider />
                    <NavDropdown.Item as={Link} to={appRoutes.about}>
                      {t('nav.uiTests')}
                    </NavDropdown.Item>
                    {UI_TEST_PAGES.map((page) => (
                      <NavDropdown.Item key={page} as={Link} to={`${appRoutes.about}/${page}`}>
                        {t('nav.uiTestPage', { page })}
                      </NavDropdown.Item>
                    ))}
                  </>
                )}
              </NavDropdown>
            )}
          </Nav>
          <Nav className="align-items-lg-center">
            <ThemeSelector />
            <LanguageSelector />
            <UserMenu />
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}

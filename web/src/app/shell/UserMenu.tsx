import { Badge, NavDropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isLoggedIn } from '@common/abilities';
import { appRoutes } from '@common/routes';
import { useCurrentUser } from '@/lib/currentUser';
import { displayName } from '@/lib/names';
import { UserAvatar } from '@/ui/UserAvatar';

export function UserMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const loggedIn = isLoggedIn(user);
  const count = loggedIn ? user.count_notifications : 0;
  const name = loggedIn ? displayName(t, user, user.id) : t('user.guest');

  const title = (
    <span className="d-inline-flex align-items-center gap-2">
      <UserAvatar src={user.emblem} size={28} />
      <span data-testid="user-menu-name">{name}</span>
      {count > 0 && (
        <Badge bg="danger" pill>
          {count}
          <span className="visually-hidden"> {t('nav.unreadNotifications', { count })}</span>
        </Badge>
      )}
    </span>
  );

  return (
    <NavDropdown id="nav-user" align="end" title={title} data-testid="user-menu">
      {loggedIn ? (
        <>
          <NavDropdown.Header style={{ maxWidth: '20rem' }} data-testid="user-menu-mail">
            {t('nav.signedInAs')} <span className="d-block text-body text-break">{user.mail}</span>
          </NavDropdown.Header>
          <NavDropdown.Item as={Link} to={appRoutes.taleNew}>
            {t('nav.addTale')}
          </NavDropdown.Item>
          <NavDropdown.Item as={Link} to={appRoutes.notifications} className="d-flex justify-content-between align-items-center gap-2">
            {t('nav.notifications')}
            {count > 0 && (
              <Badge bg="danger" pill data-testid="notifications-badge">
                {count}
              </Badge>
            )}
          </NavDropdown.Item>
          <NavDropdown.Item as={Link} to={appRoutes.profile}>
            {t('nav.profile')}
          </NavDropdown.Item>
          <NavDropdown.Item as={Link} to={appRoutes.changePassword}>
            {t('nav.changePassword')}
          </NavDropdown.Item>
          <NavDropdown.Divider />
          <NavDropdown.Item as={Link} to={appRoutes.logout}>
            {t('nav.logout')}
          </NavDropdown.Item>
        </>
      ) : (
        <>
          <NavDropdown.Item as={Link} to={appRoutes.login}>
            {t('nav.login')}
          </NavDropdown.Item>
          <NavDropdown.Item as={Link} to={appRoutes.register}>
            {t('nav.register')}
          </NavDropdown.Item>
          <NavDropdown.Divider />
          <NavDropdown.Item as={Link} to={appRoutes.resetRequest}>
            {t('nav.resetRequest')}
          </NavDropdown.Item>
          <NavDropdown.Item as={Link} to={appRoutes.resetWithCode}>
            {t('nav.resetWithCode')}
          </NavDropdown.Item>
        </>
      )}
    </NavDropdown>
  );
}

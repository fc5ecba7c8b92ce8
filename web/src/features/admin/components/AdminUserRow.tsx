import { Badge, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROLES, type RoleName } from '@common/constants';
import { appRoutes } from '@common/routes';
import type { AdminUser } from '@common/schemas/admin';
import { formatDate } from '@/lib/dates';
import { UserAvatar } from '@/ui/UserAvatar';

interface AdminUserRowProps {
  user: AdminUser;
  isSelf: boolean;
  busy: boolean;
  onRole: (user: AdminUser, role: RoleName, on: boolean) => void;
  onBan: (user: AdminUser) => void;
  onLift: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}

export function AdminUserRow({ user, isSelf, busy, onRole, onBan, onLift, onDelete }: AdminUserRowProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const name = `${user.firstname} ${user.lastname}`.trim();
  const banned = user.banned_till != null && user.banned_till > Date.now() / 1000;
  const roles = new Set(user.rbac_user_role.map((r) => r.name));
  const label = user.mail || name || `#${user.id}`;
  return (
    <tr data-testid={`user-row-${user.id}`}>
      <td className="text-body-secondary small">{user.id}</td>
      <td>
        <div className="d-flex align-items-center gap-2">
          <UserAvatar src={user.emblem} size={32} />
          <div className="text-break">
            <Link to={appRoutes.profileOf(user.id)}>{name || t('admin.users.noName')}</Link>
            {isSelf && (
              <Badge bg="secondary" className="ms-1">
                {t('admin.users.you')}
              </Badge>
            )}
            <div className="small text-body-secondary">{user.mail}</div>
          </div>
        </div>
      </td>
      <td>
        {ROLES.map((role) => (
          <Form.Check
            key={role}
            type="switch"
            id={`user-${user.id}-role-${role}`}
            label={t(`admin.users.role.${role}`)}
            aria-label={t('admin.users.roleOf', { role: t(`admin.users.role.${role}`), user: label })}
            checked={roles.has(role)}
            // an admin cannot take away their own admin role here, so the page never locks its user out
            disabled={busy || (isSelf && role === 'admin')}
            onChange={(e) => onRole(user, role, e.target.checked)}
          />
        ))}
      </td>
      <td className="small">
        {formatDate(user.created_at, lng, { withTime: true })}
        {user.last_time != null && (
          <div className="text-body-secondary">
            {t('admin.users.lastSeen', { date: formatDate(user.last_time, lng, { withTime: true }) })}
          </div>
        )}
      </td>
      <td className="small" data-testid="ban-state">
        {banned ? (
          <Badge bg="danger" className="text-wrap text-start">
            {t('admin.users.bannedTill', { date: formatDate(user.banned_till, lng, { withTime: true }) })}
          </Badge>
        ) : (
          <Badge bg="success">{t('admin.users.active')}</Badge>
        )}
      </td>
      <td className="text-nowrap">
        <div className="d-flex flex-column flex-xl-row gap-1">
          {banned ? (
            <Button
              size="sm"
              variant="outline-success"
              disabled={busy}
              onClick={() => onLift(user)}
              aria-label={t('admin.users.liftOf', { user: label })}
            >
              {t('admin.users.lift')}
            </Button>
          ) : (
            <Button
              size="sm"
              variant="outline-warning"
              disabled={busy || isSelf}
              onClick={() => onBan(user)}
              aria-label={t('admin.users.banOf', { user: label })}
            >
              {t('admin.users.ban')}…
            </Button>
          )}
          <Button
            size="sm"
            variant="outline-danger"
            disabled={busy || isSelf}
            onClick={() => onDelete(user)}
            aria-label={t('admin.users.deleteOf', { user: label })}
          >
            {t('admin.users.delete')}
          </Button>
        </div>
      </td>
    </tr>
  );
}

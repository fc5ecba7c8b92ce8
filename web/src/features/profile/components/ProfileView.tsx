import { Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '@common/schemas/user';
import { formatDate } from '@/lib/dates';
import { displayName } from '@/lib/names';
import { UserAvatar } from '@/ui/UserAvatar';

export function ProfileView({ user, mayEdit, onEdit }: { user: PublicUser; mayEdit: boolean; onEdit: () => void }) {
  const { t, i18n } = useTranslation();
  const name = displayName(t, user, user.id);
  return (
    <Card className="my-4 shadow-sm" data-testid="profile-view">
      <Card.Body className="p-4">
        <div className="d-flex flex-column flex-sm-row gap-4 align-items-sm-start">
          <UserAvatar src={user.emblem} size={128} className="tales-profile-emblem flex-shrink-0" />
          <div className="flex-grow-1 min-w-0">
            <div className="d-flex justify-content-between align-items-start gap-2 flex-wrap">
              <h1 className="h2 mb-3" data-testid="profile-name">
                {name}
              </h1>
              {mayEdit && (
                <Button variant="outline-primary" onClick={onEdit}>
                  {t('profile.edit')}
                </Button>
              )}
            </div>
            <dl className="row mb-0">
              {user.birth != null && (
                <>
                  <dt className="col-sm-4 col-lg-3">{t('field.birth')}</dt>
                  <dd className="col-sm-8 col-lg-9" data-testid="profile-birth">
                    {formatDate(user.birth, i18n.language, { calendarDate: true })}
                  </dd>
                </>
              )}
              {user.mail && (
                <>
                  <dt className="col-sm-4 col-lg-3">{t('field.mail')}</dt>
                  <dd className="col-sm-8 col-lg-9">
                    <a href={`mailto:${user.mail}`} data-testid="profile-mail">
                      {user.mail}
                    </a>
                  </dd>
                </>
              )}
              <dt className="col-sm-4 col-lg-3">{t('profile.createdAt')}</dt>
              <dd className="col-sm-8 col-lg-9" data-testid="profile-created">
                {formatDate(user.created_at, i18n.language)}
              </dd>
            </dl>
          </div>
        </div>
        {user.about_myself.trim() && (
          <section className="mt-4">
            <h2 className="h5">{t('field.about_myself')}</h2>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: about_myself is sanitised by the server against the editor's allowlist; nothing else is rendered as HTML */}
            <div className="tales-about-myself" data-testid="profile-about" dangerouslySetInnerHTML={{ __html: user.about_myself }} />
          </section>
        )}
      </Card.Body>
    </Card>
  );
}

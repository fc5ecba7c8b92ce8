import { useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@common/schemas/admin';
import { DatePicker } from '@/ui/DatePicker';
import { UNIX_EPOCH_YEAR } from '@/ui/dateParts';

const DAY = 86_400;

interface BanDialogProps {
  user: AdminUser | null;
  onBan: (user: AdminUser, till: number) => void;
  onCancel: () => void;
}

/** Asks until when to ban a user (date and time, in the future). */
export function BanDialog({ user, onBan, onCancel }: BanDialogProps) {
  const { t } = useTranslation();
  const [till, setTill] = useState<number | null>(null);
  const [forUser, setForUser] = useState<number | null>(null);
  const now = Math.floor(Date.now() / 1000);
  // a fresh dialog for each user starts a week from now
  if (user && forUser !== user.id) {
    setForUser(user.id);
    setTill(now + 7 * DAY);
  }
  const inPast = till != null && till <= now;
  return (
    <Modal show={user != null} onHide={onCancel} centered aria-labelledby="ban-dialog-title">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="ban-dialog-title">{t('admin.users.banTitle', { user: user?.mail ?? '' })}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <DatePicker id="ban-till" label={t('admin.users.banTill')} value={till} onChange={setTill} withTime minYear={UNIX_EPOCH_YEAR} />
        <div className="d-flex flex-wrap gap-2 mt-2">
          {[1, 7, 30, 365].map((days) => (
            <Button key={days} size="sm" variant="outline-secondary" onClick={() => setTill(now + days * DAY)}>
              {t('admin.users.banFor', { count: days })}
            </Button>
          ))}
        </div>
        {inPast && <Form.Text className="text-danger d-block mt-2">{t('admin.users.banInPast')}</Form.Text>}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" disabled={till == null || inPast} onClick={() => user && till != null && onBan(user, till)}>
          {t('admin.users.ban')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

import { Alert, Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { fieldOf, type Message } from '@common/messages';
import { translateMessage } from '@/i18n/translateMessage';
import { clearMessages, useMessageQueue } from '@/lib/messageQueue';

const VARIANT = ['success', 'info', 'warning', 'danger'] as const;

function variantOf(m: Message) {
  return VARIANT[m.status] ?? 'danger';
}

/** Every queued message, translated; open while any is queued, closing clears them all. */
export function MessageModal() {
  const { t, i18n } = useTranslation();
  const messages = useMessageQueue();
  return (
    <Modal show={messages.length > 0} onHide={clearMessages} centered aria-labelledby="message-modal-title" data-testid="message-modal">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="message-modal-title">{t('messages.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {messages.map((m, i) => {
          const field = fieldOf(m);
          const fieldLabelKey = field ? `field.${field}` : '';
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows until cleared, and the same message may repeat
            <Alert key={i} variant={variantOf(m)} className="mb-2">
              {field && i18n.exists(fieldLabelKey) && <strong>{t(fieldLabelKey)}: </strong>}
              {translateMessage(i18n, m)}
            </Alert>
          );
        })}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={clearMessages}>
          {t('common.close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

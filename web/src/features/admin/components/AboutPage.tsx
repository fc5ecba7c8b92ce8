import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Card, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { can } from '@common/policies';
import { danger, info, MSG, ok, warn } from '@common/messages';
import { requestEnded, requestStarted } from '@/lib/inFlight';
import { pushMessages } from '@/lib/messageQueue';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { runErrorsTest } from '../api/getAdminTestErrors';
import { runEchoTest } from '../api/postAdminTest';
import { AdminPage } from './AdminPage';

type Outcome = 'idle' | 'running' | 'success' | 'fail';

function ServerTest({ name, path, run }: { name: string; path: string; run: () => Promise<boolean> }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const start = () => {
    setOutcome('running');
    run().then(
      (good) => setOutcome(good ? 'success' : 'fail'),
      () => setOutcome('fail'),
    );
  };
  return (
    <div className="d-flex align-items-center gap-2 py-2 border-bottom" data-testid={`ui-test-${name}`}>
      <div className="me-auto">
        <div>{t(`admin.about.test.${name}`)}</div>
        <code className="small">{path}</code>
      </div>
      {outcome === 'success' && <Badge bg="success">{t(MSG.success)}</Badge>}
      {outcome === 'fail' && <Badge bg="danger">{t(MSG.fail)}</Badge>}
      <Button size="sm" onClick={start} disabled={outcome === 'running'}>
        {t('admin.about.run')}
      </Button>
    </div>
  );
}

const SAMPLES = [
  { key: 'success', message: () => ok(MSG.saved), variant: 'success' },
  { key: 'info', message: () => info(MSG.messageSent), variant: 'info' },
  { key: 'warning', message: () => warn(MSG.codeSentEarlier), variant: 'warning' },
  { key: 'danger', message: () => danger(MSG.somethingBad), variant: 'danger' },
] as const;

type Confirming = 'none' | 'single' | 'double1' | 'double2';

/** /about and /about/:someParam: the admins' UI test pages (server round trips and a gallery of the shell's pieces). */
export default function AboutPage() {
  const { t } = useTranslation();
  const { someParam } = useParams();
  const [confirming, setConfirming] = useState<Confirming>('none');
  const [answer, setAnswer] = useState<string | null>(null);
  const spinnerTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (spinnerTimer.current) {
        clearTimeout(spinnerTimer.current);
        requestEnded();
      }
    },
    [],
  );

  const showSpinner = () => {
    if (spinnerTimer.current) return;
    requestStarted();
    spinnerTimer.current = setTimeout(() => {
      spinnerTimer.current = null;
      requestEnded();
    }, 2000);
  };
  const finish = (text: string) => {
    setConfirming('none');
    setAnswer(text);
  };

  return (
    <AdminPage
      title={someParam ? t('admin.about.titleWith', { param: someParam }) : t('admin.about.title')}
      intro={t('admin.about.intro')}
      allowed={can.useAdminTools}
    >
      {someParam && (
        <p data-testid="about-param">
          {t('admin.about.param')} <code>{someParam}</code>
        </p>
      )}
      <Row className="g-4">
        <Col lg={6}>
          <Card>
            <Card.Header as="h2" className="h6">
              {t('admin.about.serverTests')}
            </Card.Header>
            <Card.Body className="py-1">
              <ServerTest name="errors" path="GET /api/admintests/errors" run={runErrorsTest} />
              <ServerTest name="echo" path="POST /api/admintests/TestPost" run={runEchoTest} />
            </Card.Body>
          </Card>
        </Col>
        <Col lg={6}>
          <Card>
            <Card.Header as="h2" className="h6">
              {t('admin.about.gallery')}
            </Card.Header>
            <Card.Body>
              <h3 className="h6">{t('admin.about.messages')}</h3>
              <div className="d-flex flex-wrap gap-2 mb-3">
                {SAMPLES.map((s) => (
                  <Button key={s.key} variant={`outline-${s.variant}`} size="sm" onClick={() => pushMessages([s.message()])}>
                    {t(`admin.about.status.${s.key}`)}
                  </Button>
                ))}
                <Button variant="outline-secondary" size="sm" onClick={() => pushMessages(SAMPLES.map((s) => s.message()))}>
                  {t('admin.about.allStatuses')}
                </Button>
              </div>
              <h3 className="h6">{t('admin.about.spinner')}</h3>
              <Button variant="outline-primary" size="sm" className="mb-3" onClick={showSpinner}>
                {t('admin.about.spinnerButton')}
              </Button>
              <h3 className="h6">{t('admin.about.confirms')}</h3>
              <div className="d-flex flex-wrap gap-2">
                <Button variant="outline-danger" size="sm" onClick={() => setConfirming('single')}>
                  {t('admin.about.confirmSingle')}
                </Button>
                <Button variant="outline-danger" size="sm" onClick={() => setConfirming('double1')}>
                  {t('admin.about.confirmDouble')}
                </Button>
              </div>
              {answer && (
                <p className="small mt-2 mb-0" data-testid="confirm-answer">
                  {answer}
                </p>
              )}
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <ConfirmDialog
        show={confirming !== 'none'}
        body={confirming === 'double2' ? t('confirm.reallySure') : t('confirm.sure')}
        onConfirm={() => {
          if (confirming === 'double1') setConfirming('double2');
          else finish(t('admin.about.confirmed'));
        }}
        onCancel={() => finish(t('admin.about.cancelled'))}
      />
    </AdminPage>
  );
}

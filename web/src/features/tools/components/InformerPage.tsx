import { useEffect, useState } from 'react';
import { Card, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { clockFacts } from '../utils/clock';
import { ToolPage } from './ToolPage';

/** The current time, re-rendered on each new second (the timer is aligned to the second's start). */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const d = new Date();
      setNow(d);
      timer = setTimeout(tick, 1000 - d.getMilliseconds());
    };
    timer = setTimeout(tick, 1000 - new Date().getMilliseconds());
    return () => clearTimeout(timer);
  }, []);
  return now;
}

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Col xs={6} md={4} lg={2}>
      <Card className="h-100 text-center">
        <Card.Body>
          <div className="small text-body-secondary">{label}</div>
          <div className="fs-4 fw-semibold" data-testid={testId}>
            {value}
          </div>
        </Card.Body>
      </Card>
    </Col>
  );
}

/** /Informer: a clock with the calendar facts of today, in the UI language. */
export default function InformerPage() {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const facts = clockFacts(now);
  const fmt = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(lng, o).format(now);
  const number = (n: number) => new Intl.NumberFormat(lng).format(n);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <ToolPage title={t('tools.clock.title')} intro={t('tools.clock.intro')}>
      <div className="text-center mb-4">
        <time className="d-block display-2 fw-bold font-monospace" dateTime={now.toISOString()} data-testid="clock-time">
          {fmt({ hour: '2-digit', minute: '2-digit', second: '2-digit' })}
        </time>
        <div className="fs-3" data-testid="clock-date">
          {fmt({ day: 'numeric', month: 'long', year: 'numeric' })}
        </div>
        <div className="fs-4 text-body-secondary text-capitalize" data-testid="clock-weekday">
          {fmt({ weekday: 'long' })}
        </div>
        <div className="small text-body-secondary">{t('tools.clock.zone', { zone })}</div>
      </div>
      <Row className="g-3 justify-content-center">
        <Fact label={t('tools.clock.quarter')} value={number(facts.quarter)} testId="clock-quarter" />
        <Fact
          label={t('tools.clock.isoWeek')}
          value={facts.isoWeekYear === now.getFullYear() ? number(facts.isoWeek) : `${number(facts.isoWeek)} (${facts.isoWeekYear})`}
          testId="clock-week"
        />
        <Fact
          label={t('tools.clock.dayOfYear')}
          value={t('tools.clock.dayOf', { day: number(facts.dayOfYear), total: number(facts.daysInYear) })}
          testId="clock-day-of-year"
        />
        <Fact label={t('tools.clock.month')} value={fmt({ month: 'long' })} testId="clock-month" />
      </Row>
    </ToolPage>
  );
}

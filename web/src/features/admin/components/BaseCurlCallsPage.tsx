import { useId, useState } from 'react';
import { Alert, Badge, Button, Card, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { can } from '@common/policies';
import type { Message } from '@common/messages';
import { HTTP_CALL_METHODS, type HttpCallBody, type HttpCallResult } from '@common/schemas/admin';
import { ApiError, isSuccess } from '@/api/client';
import { translateMessage } from '@/i18n/translateMessage';
import { useSendHttpCall } from '../api/sendHttpCall';
import { filledRows, type KeyValueRow, newRow } from '../utils/keyValue';
import { formatBody } from '../utils/restCall';
import { AdminPage } from './AdminPage';
import { KeyValueRows } from './KeyValueRows';
import { ResponseParts } from './ResponseParts';

type Method = HttpCallBody['method'];
type BodyType = HttpCallBody['bodyType'];
const BODY_TYPES: BodyType[] = ['none', 'json', 'raw'];

/** /SendRestApiQueries/BaseCurlCalls: an HTTP call made by the server (admins); the server refuses internal addresses. */
export default function BaseCurlCallsPage() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const mutation = useSendHttpCall();
  const [method, setMethod] = useState<Method>('GET');
  const [url, setUrl] = useState('https://example.com/');
  const [query, setQuery] = useState<KeyValueRow[]>([]);
  const [headers, setHeaders] = useState<KeyValueRow[]>([newRow('accept', 'application/json, text/plain, */*')]);
  const [cookies, setCookies] = useState<KeyValueRow[]>([]);
  const [bodyType, setBodyType] = useState<BodyType>('none');
  const [body, setBody] = useState('{\n  "hello": "world"\n}');
  const [result, setResult] = useState<HttpCallResult | null>(null);
  const [refusal, setRefusal] = useState<Message[] | null>(null);

  const send = () => {
    setResult(null);
    setRefusal(null);
    const payload: HttpCallBody = {
      method,
      url,
      query: filledRows(query),
      headers: filledRows(headers),
      cookies: filledRows(cookies),
      bodyType,
      body: bodyType === 'none' ? '' : body,
    };
    mutation.mutate(payload, {
      onSuccess: (env) => {
        if (isSuccess(env) && env.data) setResult(env.data);
        else setRefusal(env.messages);
      },
      onError: (e) => {
        if (e instanceof ApiError && e.envelope) setRefusal(e.envelope.messages);
      },
    });
  };

  const formatted = result ? formatBody(result.body, result.headers.find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? null) : null;

  return (
    <AdminPage title={t('admin.curl.title')} intro={t('admin.curl.intro')} allowed={can.useAdminTools}>
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <Row className="g-2 mb-3">
          <Col xs={4} md={2}>
            <Form.Group controlId={`${id}-method`}>
              <Form.Label>{t('admin.rest.method')}</Form.Label>
              <Form.Select value={method} onChange={(e) => setMethod(e.target.value as Method)}>
                {HTTP_CALL_METHODS.map((m) => (
                  <option key={m}>{m}</option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col xs={8} md={10}>
            <Form.Group controlId={`${id}-url`}>
              <Form.Label>{t('admin.rest.url')}</Form.Label>
              <Form.Control value={url} onChange={(e) => setUrl(e.target.value)} className="font-monospace" spellCheck={false} required />
            </Form.Group>
          </Col>
        </Row>
        <Row className="g-4">
          <Col lg={6}>
            <fieldset className="mb-3">
              <legend className="h6">{t('admin.curl.query')}</legend>
              <KeyValueRows label={t('admin.rest.getRow')} rows={query} onChange={setQuery} addLabel={t('admin.kv.add')} />
            </fieldset>
            <fieldset className="mb-3">
              <legend className="h6">{t('admin.rest.headers')}</legend>
              <KeyValueRows label={t('admin.rest.headerRow')} rows={headers} onChange={setHeaders} addLabel={t('admin.kv.add')} />
            </fieldset>
            <fieldset className="mb-3">
              <legend className="h6">{t('admin.rest.cookies')}</legend>
              <KeyValueRows label={t('admin.rest.cookieRow')} rows={cookies} onChange={setCookies} addLabel={t('admin.kv.add')} />
            </fieldset>
          </Col>
          <Col lg={6}>
            <fieldset className="mb-3">
              <legend className="h6">{t('admin.body')}</legend>
              <div className="mb-2">
                {BODY_TYPES.map((b) => (
                  <Form.Check
                    key={b}
                    inline
                    type="radio"
                    id={`${id}-body-${b}`}
                    name={`${id}-body-type`}
                    label={t(`admin.curl.bodyType.${b}`)}
                    checked={bodyType === b}
                    onChange={() => setBodyType(b)}
                  />
                ))}
              </div>
              {bodyType !== 'none' && (
                <Form.Control
                  as="textarea"
                  rows={8}
                  className="font-monospace small"
                  aria-label={t('admin.body')}
                  value={body}
                  onChange={(e) => setBody(e.target.value)}
                  spellCheck={false}
                />
              )}
            </fieldset>
          </Col>
        </Row>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? t('admin.rest.sending') : t('admin.curl.send')}
        </Button>
      </Form>

      {refusal && (
        <Alert variant="danger" className="mt-4" data-testid="curl-refusal">
          <Alert.Heading as="h2" className="h6">
            {t('admin.curl.refused')}
          </Alert.Heading>
          {refusal.length ? (
            <ul className="mb-0">
              {refusal.map((m) => (
                <li key={`${m.templateString}-${m.text}`}>{translateMessage(i18n, m)}</li>
              ))}
            </ul>
          ) : null}
        </Alert>
      )}
      {result && formatted && (
        <Card className="mt-4" data-testid="curl-response">
          <Card.Header className="d-flex flex-wrap gap-2 align-items-center">
            <h2 className="h5 mb-0 me-2">{t('admin.response')}</h2>
            <Badge bg={result.status >= 200 && result.status < 300 ? 'success' : 'danger'} data-testid="curl-status">
              {result.status} {result.statusText}
            </Badge>
            <span className="small text-body-secondary" data-testid="curl-time">
              {t('admin.timeMs', { ms: result.timeMs })}
            </span>
            {result.truncated && <Badge bg="warning">{t('admin.curl.truncated')}</Badge>}
          </Card.Header>
          <Card.Body>
            <p className="small font-monospace text-break mb-2">{result.finalUrl}</p>
            {result.redirects.length > 0 && (
              <div className="small mb-2">
                {t('admin.curl.redirects', { count: result.redirects.length })}
                <ol className="mb-0 font-monospace">
                  {result.redirects.map((r) => (
                    <li key={r} className="text-break">
                      {r}
                    </li>
                  ))}
                </ol>
              </div>
            )}
            <ResponseParts headers={result.headers} body={formatted.text} json={formatted.json} bodyTestId="curl-body" />
          </Card.Body>
        </Card>
      )}
    </AdminPage>
  );
}

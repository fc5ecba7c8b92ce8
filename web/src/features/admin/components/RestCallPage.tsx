import { useId, useState } from 'react';
import { Alert, Badge, Button, Card, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { can } from '@common/policies';
import { calls } from '@common/api/calls';
import { REQUESTED_WITH } from '@common/constants';
import { API_BASE } from '@/api/client';
import { getCurrentUser } from '@/lib/currentUser';
import { type KeyValueRow, newRow } from '../utils/keyValue';
import {
  allowsRawBody,
  buildRestRequest,
  formatBody,
  hasBody,
  REST_CREDENTIALS,
  REST_ENCTYPES,
  REST_METHODS,
  REST_MODES,
  type RestCallInput,
} from '../utils/restCall';
import { AdminPage } from './AdminPage';
import { KeyValueRows } from './KeyValueRows';
import { ResponseParts } from './ResponseParts';

interface RestResponse {
  status: number;
  statusText: string;
  type: ResponseType;
  url: string;
  redirected: boolean;
  headers: [string, string][];
  body: string;
  json: boolean;
  timeMs: number;
}

type Select<K extends keyof RestCallInput> = { name: K; options: readonly string[] };
const SELECTS: [Select<'method'>, Select<'mode'>, Select<'credentials'>, Select<'enctype'>] = [
  { name: 'method', options: REST_METHODS },
  { name: 'mode', options: REST_MODES },
  { name: 'credentials', options: REST_CREDENTIALS },
  { name: 'enctype', options: REST_ENCTYPES },
];

/** The page opens on the admin's echo call, as declared. */
const TEST_POST = calls.admin.testPost;

const initialInput = (): RestCallInput => ({
  url: `${API_BASE}${TEST_POST.path}`,
  method: 'POST',
  mode: 'cors',
  credentials: 'include',
  enctype: 'json',
  query: [newRow('isAjax', '1')],
  bodyMode: 'rows',
  bodyRows: [newRow('form_id', TEST_POST.formId), newRow('hello', 'world')],
  rawBody: JSON.stringify({ form_id: TEST_POST.formId }, null, 2),
  headers: [newRow('x-requested-with', REQUESTED_WITH)],
  cookies: [],
  file: null,
});

/** /RestCall: the admin's request tester; it calls with plain fetch from this browser (spec section 2). */
export default function RestCallPage() {
  const { t } = useTranslation();
  const id = useId();
  const [input, setInput] = useState<RestCallInput>(initialInput);
  const [withSession, setWithSession] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [response, setResponse] = useState<RestResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<RestCallInput>) => setInput((i) => ({ ...i, ...patch }));
  const setRows = (name: 'query' | 'bodyRows' | 'headers' | 'cookies') => (rows: KeyValueRow[]) => set({ [name]: rows });

  const send = async () => {
    setProblem(null);
    const built = buildRestRequest(input, window.location.href);
    if (!built.ok) {
      setProblem(t(`admin.rest.problem.${built.problem}`));
      return;
    }
    const { url, init, cookies } = built.request;
    const user = getCurrentUser();
    if (withSession && user.id != null && user.token && init.headers instanceof Headers) {
      if (!init.headers.has('uid')) init.headers.set('uid', String(user.id));
      if (!init.headers.has('token')) init.headers.set('token', user.token);
    }
    // a page cannot send a Cookie header; setting the cookie is the only way to send one
    // biome-ignore lint/suspicious/noDocumentCookie: cookieStore is not in every browser yet
    for (const c of cookies) document.cookie = c;
    setBusy(true);
    setResponse(null);
    const started = performance.now();
    try {
      let res: Response;
      let body: string;
      try {
        res = await fetch(url, init);
        body = await res.text();
      } catch {
        // the plain fetch helper's alerts of spec section 8
        window.alert(t('admin.rest.networkError'));
        return;
      }
      const formatted = formatBody(body, res.headers.get('content-type'));
      setResponse({
        status: res.status,
        statusText: res.statusText,
        type: res.type,
        url: res.url,
        redirected: res.redirected,
        headers: [...res.headers.entries()],
        body: formatted.text,
        json: formatted.json,
        timeMs: Math.round(performance.now() - started),
      });
      if (!res.ok && res.type !== 'opaque' && res.type !== 'opaqueredirect')
        window.alert(t('admin.rest.statusAlert', { code: res.status }));
    } finally {
      setBusy(false);
    }
  };

  const bodyAllowed = hasBody(input.method);
  const rawAllowed = allowsRawBody(input.enctype);
  const fileAllowed = input.enctype === 'multipart' || input.enctype === 'raw';

  return (
    <AdminPage title={t('admin.rest.title')} intro={t('admin.rest.intro')} allowed={can.useAdminTools}>
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <Row className="g-2 mb-3">
          <Col md={12}>
            <Form.Group controlId={`${id}-url`}>
              <Form.Label>{t('admin.rest.url')}</Form.Label>
              <Form.Control
                value={input.url}
                onChange={(e) => set({ url: e.target.value })}
                className="font-monospace"
                spellCheck={false}
                required
              />
            </Form.Group>
          </Col>
          {SELECTS.map(({ name, options }) => (
            <Col key={name} xs={6} md={3}>
              <Form.Group controlId={`${id}-${name}`}>
                <Form.Label>{t(`admin.rest.${name}`)}</Form.Label>
                <Form.Select value={input[name]} onChange={(e) => set({ [name]: e.target.value })}>
                  {options.map((o) => (
                    <option key={o} value={o}>
                      {name === 'enctype' ? t(`admin.rest.enctype.${o}`) : o}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
            </Col>
          ))}
        </Row>

        <Row className="g-4">
          <Col lg={6}>
            <fieldset className="mb-3">
              <legend className="h6">{t('admin.rest.get')}</legend>
              <KeyValueRows label={t('admin.rest.getRow')} rows={input.query} onChange={setRows('query')} addLabel={t('admin.kv.add')} />
            </fieldset>
            <fieldset className="mb-3" disabled={!bodyAllowed}>
              <legend className="h6">
                {t('admin.rest.post')}{' '}
                {!bodyAllowed && (
                  <small className="text-body-secondary fw-normal">{t('admin.rest.noBodyFor', { method: input.method })}</small>
                )}
              </legend>
              <div className="mb-2">
                <Form.Check
                  inline
                  type="radio"
                  id={`${id}-body-rows`}
                  name={`${id}-body-mode`}
                  label={t('admin.rest.bodyRows')}
                  checked={input.bodyMode === 'rows' || !rawAllowed}
                  onChange={() => set({ bodyMode: 'rows' })}
                />
                <Form.Check
                  inline
                  type="radio"
                  id={`${id}-body-raw`}
                  name={`${id}-body-mode`}
                  label={t('admin.rest.bodyRaw')}
                  checked={input.bodyMode === 'raw' && rawAllowed}
                  disabled={!rawAllowed}
                  onChange={() => set({ bodyMode: 'raw' })}
                />
              </div>
              {input.bodyMode === 'raw' && rawAllowed ? (
                <Form.Control
                  as="textarea"
                  rows={5}
                  className="font-monospace small"
                  aria-label={t('admin.rest.bodyRaw')}
                  value={input.rawBody}
                  onChange={(e) => set({ rawBody: e.target.value })}
                  spellCheck={false}
                />
              ) : (
                <KeyValueRows
                  label={t('admin.rest.postRow')}
                  rows={input.bodyRows}
                  onChange={setRows('bodyRows')}
                  addLabel={t('admin.kv.add')}
                />
              )}
              <Form.Group controlId={`${id}-file`} className="mt-2">
                <Form.Label className="small mb-1">{t('admin.rest.file')}</Form.Label>
                <Form.Control
                  type="file"
                  size="sm"
                  disabled={!fileAllowed}
                  onChange={(e) => set({ file: (e.target as HTMLInputElement).files?.[0] ?? null })}
                />
                <Form.Text muted>{fileAllowed ? t(`admin.rest.fileHint.${input.enctype}`) : t('admin.rest.fileHint.none')}</Form.Text>
              </Form.Group>
            </fieldset>
          </Col>
          <Col lg={6}>
            <fieldset className="mb-3">
              <legend className="h6">{t('admin.rest.headers')}</legend>
              <KeyValueRows
                label={t('admin.rest.headerRow')}
                rows={input.headers}
                onChange={setRows('headers')}
                addLabel={t('admin.kv.add')}
              />
              <Form.Check
                id={`${id}-session`}
                label={t('admin.rest.withSession')}
                checked={withSession}
                onChange={(e) => setWithSession(e.target.checked)}
                className="small"
              />
            </fieldset>
            <fieldset className="mb-3">
              <legend className="h6">{t('admin.rest.cookies')}</legend>
              <KeyValueRows
                label={t('admin.rest.cookieRow')}
                rows={input.cookies}
                onChange={setRows('cookies')}
                addLabel={t('admin.kv.add')}
              />
              <Form.Text muted>{t('admin.rest.cookiesHint')}</Form.Text>
            </fieldset>
          </Col>
        </Row>
        {problem && (
          <Alert variant="danger" role="alert">
            {problem}
          </Alert>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? t('admin.rest.sending') : t('admin.rest.send')}
        </Button>
      </Form>

      {response && (
        <Card className="mt-4" data-testid="rest-response">
          <Card.Header className="d-flex flex-wrap gap-2 align-items-center">
            <h2 className="h5 mb-0 me-2">{t('admin.response')}</h2>
            <Badge
              bg={response.status >= 200 && response.status < 300 ? 'success' : response.status === 0 ? 'secondary' : 'danger'}
              data-testid="rest-status"
            >
              {response.status} {response.statusText}
            </Badge>
            <span className="small text-body-secondary">{t('admin.timeMs', { ms: response.timeMs })}</span>
            <span className="small text-body-secondary">{t('admin.rest.type', { type: response.type })}</span>
            {response.redirected && <Badge bg="info">{t('admin.rest.redirected')}</Badge>}
          </Card.Header>
          <Card.Body>
            {response.type === 'opaque' && <Alert variant="info">{t('admin.rest.opaque')}</Alert>}
            {response.url && <p className="small font-monospace text-break">{response.url}</p>}
            <ResponseParts headers={response.headers} body={response.body} json={response.json} bodyTestId="rest-body" />
          </Card.Body>
        </Card>
      )}
    </AdminPage>
  );
}

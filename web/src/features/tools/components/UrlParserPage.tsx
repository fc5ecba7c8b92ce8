import { useId, useMemo, useState } from 'react';
import { Alert, Button, ButtonGroup, Col, Form, InputGroup, Row, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { buildUrl, parseUrl, type UrlParam, type UrlParts } from '../utils/urlParts';
import { CopyButton } from '@/ui/CopyButton';
import { ToolPage } from './ToolPage';

const SAMPLE = 'https://user:secret@example.com:8080/path/to/page?tag=news&tag=sport&q=hello%20world#comments';

type TextPart = 'protocol' | 'username' | 'password' | 'hostname' | 'port' | 'pathname' | 'fragment';
const TEXT_PARTS: { name: TextPart; md: number }[] = [
  { name: 'protocol', md: 2 },
  { name: 'username', md: 3 },
  { name: 'password', md: 3 },
  { name: 'hostname', md: 3 },
  { name: 'port', md: 1 },
  { name: 'pathname', md: 8 },
  { name: 'fragment', md: 4 },
];

interface ParamRow extends UrlParam {
  id: number;
}
let nextRowId = 1;
const withIds = (params: UrlParam[]): ParamRow[] => params.map((p) => ({ ...p, id: nextRowId++ }));

/** /UrlParser: a URL split into editable parts and built back from them (browser's WHATWG parser). */
export default function UrlParserPage() {
  const { t } = useTranslation();
  const idPrefix = useId();
  const initial = parseUrl(SAMPLE);
  const [input, setInput] = useState(SAMPLE);
  const [parts, setParts] = useState<UrlParts | null>(initial.ok ? initial.parts : null);
  const [rows, setRows] = useState<ParamRow[]>(initial.ok ? withIds(initial.parts.params) : []);
  const parsed = useMemo(() => parseUrl(input), [input]);

  const onInput = (text: string) => {
    setInput(text);
    const r = parseUrl(text);
    if (r.ok) {
      setParts(r.parts);
      setRows(withIds(r.parts.params));
    }
  };

  const built = parts ? buildUrl({ ...parts, params: rows }) : null;
  const setPart = (name: TextPart, value: string) => setParts((p) => (p ? { ...p, [name]: value } : p));
  const setRow = (id: number, patch: Partial<UrlParam>) => setRows((rs) => rs.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  const move = (index: number, by: -1 | 1) =>
    setRows((rs) => {
      const to = index + by;
      if (to < 0 || to >= rs.length) return rs;
      const next = [...rs];
      [next[index], next[to]] = [next[to], next[index]];
      return next;
    });

  return (
    <ToolPage title={t('tools.url.title')} intro={t('tools.url.intro')}>
      <Form.Group className="mb-3" controlId={`${idPrefix}-input`}>
        <Form.Label>{t('tools.url.input')}</Form.Label>
        <InputGroup>
          <Form.Control
            value={input}
            onChange={(e) => onInput(e.target.value)}
            isInvalid={!parsed.ok}
            spellCheck={false}
            className="font-monospace"
            aria-describedby={`${idPrefix}-input-problem`}
          />
          <Button variant="outline-secondary" onClick={() => onInput('')}>
            {t('tools.clear')}
          </Button>
        </InputGroup>
        {!parsed.ok && (
          <Form.Text id={`${idPrefix}-input-problem`} className="text-danger d-block" role="alert">
            {t(`tools.url.problem.${parsed.problem}`)}
          </Form.Text>
        )}
      </Form.Group>

      {parts && (
        <>
          <h2 className="h5 mt-4">{t('tools.url.parts')}</h2>
          {!parsed.ok && <p className="small text-body-secondary">{t('tools.url.lastGood')}</p>}
          <Row className="g-2 mb-3">
            {TEXT_PARTS.map(({ name, md }) => (
              <Col key={name} xs={12} md={md}>
                <Form.Group controlId={`${idPrefix}-${name}`}>
                  <Form.Label className="small mb-1">{t(`tools.url.part.${name}`)}</Form.Label>
                  <Form.Control
                    size="sm"
                    className="font-monospace"
                    value={parts[name]}
                    onChange={(e) => setPart(name, e.target.value)}
                    spellCheck={false}
                  />
                </Form.Group>
              </Col>
            ))}
          </Row>

          <h2 className="h5 mt-4">{t('tools.url.params', { count: rows.length })}</h2>
          <Table size="sm" bordered responsive className="align-middle" data-testid="url-params">
            <thead>
              <tr>
                <th className="text-end" style={{ width: '3rem' }}>
                  #
                </th>
                <th>{t('tools.key')}</th>
                <th>{t('tools.value')}</th>
                <th style={{ width: '1%' }}>
                  <span className="visually-hidden">{t('tools.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 && (
                <tr>
                  <td colSpan={4} className="text-body-secondary">
                    {t('tools.url.noParams')}
                  </td>
                </tr>
              )}
              {rows.map((row, index) => (
                <tr key={row.id}>
                  <td className="text-end text-body-secondary">{index + 1}</td>
                  <td>
                    <Form.Control
                      size="sm"
                      className="font-monospace"
                      aria-label={t('tools.url.paramKey', { n: index + 1 })}
                      value={row.key}
                      onChange={(e) => setRow(row.id, { key: e.target.value })}
                    />
                  </td>
                  <td>
                    <Form.Control
                      size="sm"
                      className="font-monospace"
                      aria-label={t('tools.url.paramValue', { n: index + 1 })}
                      value={row.value}
                      onChange={(e) => setRow(row.id, { value: e.target.value })}
                    />
                  </td>
                  <td className="text-nowrap">
                    <ButtonGroup size="sm">
                      <Button
                        variant="outline-secondary"
                        onClick={() => move(index, -1)}
                        disabled={index === 0}
                        aria-label={t('tools.moveUp', { n: index + 1 })}
                      >
                        ↑
                      </Button>
                      <Button
                        variant="outline-secondary"
                        onClick={() => move(index, 1)}
                        disabled={index === rows.length - 1}
                        aria-label={t('tools.moveDown', { n: index + 1 })}
                      >
                        ↓
                      </Button>
                      <Button
                        variant="outline-danger"
                        onClick={() => setRows((rs) => rs.filter((r) => r.id !== row.id))}
                        aria-label={t('tools.removeRow', { n: index + 1 })}
                      >
                        ✕
                      </Button>
                    </ButtonGroup>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Button size="sm" variant="outline-primary" onClick={() => setRows((rs) => [...rs, { key: '', value: '', id: nextRowId++ }])}>
            {t('tools.addRow')}
          </Button>

          <h2 className="h5 mt-4">{t('tools.url.built')}</h2>
          {built?.ok ? (
            <div className="d-flex gap-2 align-items-center flex-wrap">
              <output className="form-control font-monospace text-break flex-grow-1 w-auto" data-testid="built-url">
                {built.url}
              </output>
              <CopyButton text={built.url} />
              <Button variant="outline-primary" onClick={() => onInput(built.url)}>
                {t('tools.url.useAsInput')}
              </Button>
            </div>
          ) : (
            <Alert variant="danger" data-testid="built-url-problem">
              {built ? t(`tools.url.problem.${built.problem}`) : null}
            </Alert>
          )}
        </>
      )}
    </ToolPage>
  );
}

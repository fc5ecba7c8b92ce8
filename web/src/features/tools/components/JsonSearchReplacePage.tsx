import { useId, useState } from 'react';
import { Alert, Badge, Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { type JsonReplaceOptions, type JsonReplaceResult, jsonSearchReplace } from '../utils/jsonSearchReplace';
import { CopyButton } from '@/ui/CopyButton';
import { ToolPage } from './ToolPage';

const SAMPLE = '{"title":"Old title","tags":["old","news"],"author":{"name":"Ann","old_id":7},"published":true}';
const INDENTS = ['2', '4', 'tab', '0'] as const;

/** /tools/JsonSearchReplaceBeautify: validate, search and replace, and pretty-print JSON in the browser. */
export default function JsonSearchReplacePage() {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(SAMPLE);
  const [opts, setOpts] = useState<JsonReplaceOptions>({
    search: 'old',
    replace: 'new',
    inKeys: true,
    inValues: true,
    caseSensitive: false,
    indent: 2,
  });
  const [result, setResult] = useState<JsonReplaceResult | null>(null);
  const set = (patch: Partial<JsonReplaceOptions>) => setOpts((o) => ({ ...o, ...patch }));
  const run = () => setResult(jsonSearchReplace(text, opts));

  return (
    <ToolPage title={t('tools.json.title')} intro={t('tools.json.intro')}>
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          run();
        }}
      >
        <Form.Group className="mb-3" controlId={`${id}-text`}>
          <Form.Label>{t('tools.json.input')}</Form.Label>
          <Form.Control
            as="textarea"
            rows={8}
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="font-monospace small"
            spellCheck={false}
            isInvalid={result?.ok === false}
          />
        </Form.Group>
        <Row className="g-2 align-items-end mb-3">
          <Col md={4}>
            <Form.Group controlId={`${id}-search`}>
              <Form.Label>{t('tools.search')}</Form.Label>
              <Form.Control value={opts.search} onChange={(e) => set({ search: e.target.value })} spellCheck={false} />
            </Form.Group>
          </Col>
          <Col md={4}>
            <Form.Group controlId={`${id}-replace`}>
              <Form.Label>{t('tools.replaceWith')}</Form.Label>
              <Form.Control value={opts.replace} onChange={(e) => set({ replace: e.target.value })} spellCheck={false} />
            </Form.Group>
          </Col>
          <Col md={4}>
            <Form.Group controlId={`${id}-indent`}>
              <Form.Label>{t('tools.json.indent')}</Form.Label>
              <Form.Select
                value={String(opts.indent)}
                onChange={(e) => set({ indent: e.target.value === 'tab' ? 'tab' : Number(e.target.value) })}
              >
                {INDENTS.map((v) => (
                  <option key={v} value={v}>
                    {t(`tools.json.indentOption.${v}`)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
        </Row>
        <div className="d-flex flex-wrap gap-3 mb-3">
          <Form.Check
            id={`${id}-keys`}
            label={t('tools.json.inKeys')}
            checked={opts.inKeys}
            onChange={(e) => set({ inKeys: e.target.checked })}
          />
          <Form.Check
            id={`${id}-values`}
            label={t('tools.json.inValues')}
            checked={opts.inValues}
            onChange={(e) => set({ inValues: e.target.checked })}
          />
          <Form.Check
            id={`${id}-case`}
            label={t('tools.caseSensitive')}
            checked={opts.caseSensitive}
            onChange={(e) => set({ caseSensitive: e.target.checked })}
          />
        </div>
        <Button type="submit">{opts.search ? t('tools.json.runReplace') : t('tools.json.runBeautify')}</Button>
      </Form>

      {result && !result.ok && (
        <Alert variant="danger" className="mt-4" data-testid="json-problem">
          <Alert.Heading as="h2" className="h6">
            {t('tools.json.invalid')}
          </Alert.Heading>
          {t(`tools.json.problem.${result.problem.reason}`, {
            found: result.problem.found ?? '',
            line: result.problem.line,
            column: result.problem.column,
          })}
          {result.problem.reason !== 'empty' && (
            <pre className="mb-0 mt-2 small" aria-hidden="true">
              {text.split('\n')[result.problem.line - 1]}
              {'\n'}
              {`${' '.repeat(result.problem.column - 1)}^`}
            </pre>
          )}
        </Alert>
      )}
      {result?.ok && (
        <section className="mt-4" aria-labelledby={`${id}-result`}>
          <div className="d-flex align-items-center gap-2 mb-2 flex-wrap">
            <h2 className="h5 mb-0" id={`${id}-result`}>
              {t('tools.result')}
            </h2>
            <Badge bg="success">{t('tools.json.valid')}</Badge>
            <span className="text-body-secondary" data-testid="json-count">
              {t('tools.replacements', { count: result.replacements })}
            </span>
            <span className="ms-auto" />
            <CopyButton text={result.output} />
            <Button size="sm" variant="outline-primary" onClick={() => setText(result.output)}>
              {t('tools.useAsInput')}
            </Button>
          </div>
          {result.mergedKeys > 0 && <Alert variant="warning">{t('tools.json.mergedKeys', { count: result.mergedKeys })}</Alert>}
          <pre className="bg-body-tertiary border rounded p-3 small" data-testid="json-output" style={{ maxHeight: '60vh' }}>
            {result.output}
          </pre>
        </section>
      )}
    </ToolPage>
  );
}

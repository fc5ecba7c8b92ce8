import { useId, useState } from 'react';
import { Alert, Badge, Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { TOOLS_NAMESPACE, useToolsStrings } from '../i18n';
import { type JsonReplaceOptions, type JsonReplaceResult, jsonSearchReplace } from '../utils/jsonSearchReplace';
import { CopyButton } from '@/ui/CopyButton';
import { ToolPage } from './ToolPage';

const SAMPLE = '{"title":"Old title","tags":["old","news"],"author":{"name":"Ann","old_id":7},"published":true}';
const INDENTS = ['2', '4', 'tab', '0'] as const;

/** /tools/JsonSearchReplaceBeautify: validate, search and replace, and pretty-print JSON in the browser. */
export default function JsonSearchReplacePage() {
  useToolsStrings();
  const { t } = useTranslation(TOOLS_NAMESPACE);
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
    <ToolPage title={t('json.title')} intro={t('json.intro')}>
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          run();
        }}
      >
        <Form.Group className="mb-3" controlId={`${id}-text`}>
          <Form.Label>{t('json.input')}</Form.Label>
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
              <Form.Label>{t('search')}</Form.Label>
              <Form.Control value={opts.search} onChange={(e) => set({ search: e.target.value })} spellCheck={false} />
            </Form.Group>
          </Col>
          <Col md={4}>
            <Form.Group controlId={`${id}-replace`}>
              <Form.Label>{t('replaceWith')}</Form.Label>
              <Form.Control value={opts.replace} onChange={(e) => set({ replace: e.target.value })} spellCheck={false} />
            </Form.Group>
          </Col>
          <Col md={4}>
            <Form.Group controlId={`${id}-indent`}>
              <Form.Label>{t('json.indent')}</Form.Label>
              <Form.Select
                value={String(opts.indent)}
                onChange={(e) => set({ indent: e.target.value === 'tab' ? 'tab' : Number(e.target.value) })}
              >
                {INDENTS.map((v) => (
                  <option key={v} value={v}>
                    {t(`json.indentOption.${v}`)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
        </Row>
        <div className="d-flex flex-wrap gap-3 mb-3">
          <Form.Check
            id={`${id}-keys`}
            label={t('json.inKeys')}
            checked={opts.inKeys}
            onChange={(e) => set({ inKeys: e.target.checked })}
          />
          <Form.Check
            id={`${id}-values`}
            label={t('json.inValues')}
            checked={opts.inValues}
            onChange={(e) => set({ inValues: e.target.checked })}
          />
          <Form.Check
            id={`${id}-case`}
            label={t('caseSensitive')}
            checked={opts.caseSensitive}
            onChange={(e) => set({ caseSensitive: e.target.checked })}
          />
        </div>
        <Button type="submit">{opts.search ? t('json.runReplace') : t('json.runBeautify')}</Button>
      </Form>

      {result && !result.ok && (
        <Alert variant="danger" className="mt-4" data-testid="json-problem">
          <Alert.Heading as="h2" className="h6">
            {t('json.invalid')}
          </Alert.Heading>
          {t(`json.problem.${result.problem.reason}`, {
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
              {t('result')}
            </h2>
            <Badge bg="success">{t('json.valid')}</Badge>
            <span className="text-body-secondary" data-testid="json-count">
              {t('replacements', { count: result.replacements })}
            </span>
            <span className="ms-auto" />
            <CopyButton text={result.output} />
            <Button size="sm" variant="outline-primary" onClick={() => setText(result.output)}>
              {t('useAsInput')}
            </Button>
          </div>
          {result.mergedKeys > 0 && <Alert variant="warning">{t('json.mergedKeys', { count: result.mergedKeys })}</Alert>}
          <pre className="bg-body-tertiary border rounded p-3 small" data-testid="json-output" style={{ maxHeight: '60vh' }}>
            {result.output}
          </pre>
        </section>
      )}
    </ToolPage>
  );
}

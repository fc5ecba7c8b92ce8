import { useId, useMemo, useState } from 'react';
import { Alert, Badge, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { splitCommandLine, tokensToJson } from '../utils/splitCommandLine';
import { CopyButton } from '@/ui/CopyButton';
import { ToolPage } from './ToolPage';

const SAMPLE = `git commit -m "Fix the \\"login\\" page" --author='Ann Lee <ann@example.com>' $HOME/notes\\ 1.txt | tee log.txt && echo done`;

/** /CliParser: a command line split into arguments as a POSIX shell would (shell-quote). */
export default function CliParserPage() {
  const { t } = useTranslation();
  const id = useId();
  const [line, setLine] = useState(SAMPLE);
  const result = useMemo(() => splitCommandLine(line), [line]);
  const json = result.ok ? tokensToJson(result.tokens) : '';

  return (
    <ToolPage title={t('tools.cli.title')} intro={t('tools.cli.intro')}>
      <Form.Group className="mb-3" controlId={`${id}-line`}>
        <Form.Label>{t('tools.cli.input')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          value={line}
          onChange={(e) => setLine(e.target.value)}
          className="font-monospace"
          spellCheck={false}
          isInvalid={!result.ok}
        />
      </Form.Group>
      {!result.ok && (
        <Alert variant="danger" data-testid="cli-problem">
          {result.problem.kind === 'unclosedQuote'
            ? t('tools.cli.unclosedQuote', { quote: result.problem.quote, position: result.problem.position })
            : t('tools.cli.trailingEscape', { position: result.problem.position })}
          <pre className="mb-0 mt-2 small" aria-hidden="true">
            {line.split('\n').join(' ')}
            {'\n'}
            {`${' '.repeat(Math.max(0, result.problem.position - 1))}^`}
          </pre>
        </Alert>
      )}
      {result.ok && (
        <Row className="g-4">
          <Col lg={6}>
            <h2 className="h5">{t('tools.cli.arguments', { count: result.tokens.length })}</h2>
            {result.tokens.length === 0 ? (
              <p className="text-body-secondary">{t('tools.cli.empty')}</p>
            ) : (
              <ol className="list-group list-group-numbered" data-testid="cli-tokens">
                {result.tokens.map((token, i) => (
                  // the list is rebuilt from the text on every change, so the index is the identity
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <li key={i} className="list-group-item d-flex gap-2 align-items-center">
                    <code className="text-break" style={{ whiteSpace: 'pre-wrap' }}>
                      {token.value === '' ? <span className="text-body-secondary">{t('tools.cli.emptyArg')}</span> : token.value}
                    </code>
                    {token.kind !== 'word' && (
                      <Badge
                        bg={token.kind === 'operator' ? 'warning' : 'secondary'}
                        text={token.kind === 'operator' ? 'dark' : undefined}
                        className="ms-auto"
                      >
                        {t(`tools.cli.kind.${token.kind}`)}
                      </Badge>
                    )}
                  </li>
                ))}
              </ol>
            )}
            <p className="small text-body-secondary mt-2">{t('tools.cli.note')}</p>
          </Col>
          <Col lg={6}>
            <div className="d-flex align-items-center mb-2">
              <h2 className="h5 mb-0 me-auto">JSON</h2>
              <CopyButton text={json} />
            </div>
            <pre className="bg-body-tertiary border rounded p-3 small" data-testid="cli-json">
              {json}
            </pre>
          </Col>
        </Row>
      )}
    </ToolPage>
  );
}

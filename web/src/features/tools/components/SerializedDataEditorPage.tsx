import { useId, useState } from 'react';
import { Badge, Button, Col, Form, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SerializedEditResult } from '@common/schemas/admin';
import { ApiError, isSuccess } from '@/api/client';
import { applyServerFieldErrors } from '@/lib/forms';
import { useClaimedFields } from '@/lib/messageQueue';
import { FieldErrorText } from '@/ui/FieldErrorText';
import { useEditSerialized } from '../api/editSerialized';
import { CopyButton } from '@/ui/CopyButton';
import { SerializedTree } from './SerializedTree';
import { ToolPage } from './ToolPage';

const SAMPLE =
  'a:3:{s:5:"title";s:11:"Hello world";s:4:"meta";a:2:{s:4:"lang";s:2:"en";s:7:"options";s:30:"a:1:{s:5:"color";s:5:"world";}";}s:4:"json";s:17:"{"greet":"world"}";}';

interface EditorForm {
  data: string;
  search: string;
  replace: string;
}
const FIELDS = ['data', 'search', 'replace'] as const;

/** /tools/SerializedDataEditor: PHP-serialized data as a tree, with search and replace in values (done on the server, never executed). */
export default function SerializedDataEditorPage() {
  const { t } = useTranslation();
  const id = useId();
  const mutation = useEditSerialized();
  const [result, setResult] = useState<SerializedEditResult | null>(null);
  const { register, handleSubmit, setError, setValue, formState } = useForm<EditorForm>({
    defaultValues: { data: SAMPLE, search: '', replace: '' },
  });
  useClaimedFields(FIELDS);

  const onSubmit = handleSubmit(({ data, search, replace }) => {
    setResult(null);
    mutation.mutate(
      { data, replace, ...(search ? { search } : {}) },
      {
        onSuccess: (env) => {
          if (isSuccess(env) && env.data) setResult(env.data);
          else applyServerFieldErrors(env.messages, setError, FIELDS);
        },
        onError: (e) => {
          if (e instanceof ApiError) applyServerFieldErrors(e.envelope?.messages, setError, FIELDS);
        },
      },
    );
  });

  return (
    <ToolPage title={t('tools.ser.title')} intro={t('tools.ser.intro')}>
      <Form onSubmit={onSubmit} noValidate>
        <Form.Group className="mb-3" controlId={`${id}-data`}>
          <Form.Label>{t('tools.ser.input')}</Form.Label>
          <Form.Control
            as="textarea"
            rows={6}
            className="font-monospace small"
            spellCheck={false}
            isInvalid={!!formState.errors.data}
            {...register('data', { required: true })}
          />
          <FieldErrorText error={formState.errors.data} />
        </Form.Group>
        <Row className="g-2 mb-3">
          <Col md={6}>
            <Form.Group controlId={`${id}-search`}>
              <Form.Label>{t('tools.search')}</Form.Label>
              <Form.Control spellCheck={false} isInvalid={!!formState.errors.search} {...register('search')} />
              <FieldErrorText error={formState.errors.search} />
            </Form.Group>
          </Col>
          <Col md={6}>
            <Form.Group controlId={`${id}-replace`}>
              <Form.Label>{t('tools.replaceWith')}</Form.Label>
              <Form.Control spellCheck={false} isInvalid={!!formState.errors.replace} {...register('replace')} />
              <FieldErrorText error={formState.errors.replace} />
            </Form.Group>
          </Col>
        </Row>
        <p className="small text-body-secondary">{t('tools.ser.hint')}</p>
        <Button type="submit" disabled={mutation.isPending}>
          {t('tools.ser.run')}
        </Button>
      </Form>

      {result && (
        <Row className="g-4 mt-2">
          <Col lg={6}>
            <h2 className="h5">{t('tools.ser.tree')}</h2>
            <div className="border rounded p-2 bg-body-tertiary overflow-auto" style={{ maxHeight: '70vh' }}>
              <SerializedTree node={result.tree} />
            </div>
          </Col>
          <Col lg={6}>
            <div className="d-flex align-items-center gap-2 mb-2 flex-wrap">
              <h2 className="h5 mb-0">{t('tools.result')}</h2>
              <Badge bg={result.replacements > 0 ? 'success' : 'secondary'} data-testid="ser-count">
                {t('tools.replacements', { count: result.replacements })}
              </Badge>
              <span className="ms-auto" />
              <CopyButton text={result.result} />
              <Button size="sm" variant="outline-primary" onClick={() => setValue('data', result.result)}>
                {t('tools.useAsInput')}
              </Button>
            </div>
            <pre
              className="bg-body-tertiary border rounded p-3 small text-break"
              style={{ whiteSpace: 'pre-wrap' }}
              data-testid="ser-result"
            >
              {result.result}
            </pre>
          </Col>
        </Row>
      )}
    </ToolPage>
  );
}

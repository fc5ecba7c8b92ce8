import './tale.css';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AUTHOR_FLAGS, STAFF_FLAGS, type Tale, TaleSaveBody } from '@common/schemas/tale';
import { ApiError, isSuccess } from '@/api/client';
import { uploadEditorImage } from '@/api/uploadEditorImage';
import { applyServerFieldErrors, catalogueResolver } from '@/lib/forms';
import { useClaimedFields } from '@/lib/messageQueue';
import { publicOrigin } from '@/lib/siteConfig';
import { DatePicker } from '@/ui/DatePicker';
import { UNIX_EPOCH_YEAR } from '@/ui/dateParts';
import { FieldErrorText } from '@/ui/FieldErrorText';
import { useSaveTale } from '../api/saveTale';
import { clearDraft, readDraft, rememberDraft } from '../utils/localDraft';
import { formValuesOf, sameValues, TALE_FORM_FIELDS, type TaleFormValues } from '../utils/taleForm';
import { DeleteTaleButton } from './DeleteTaleButton';

const RichTextEditor = lazy(() => import('@/ui/RichTextEditor/RichTextEditor'));

/** How long typing must pause before the local draft is written. */
const DRAFT_DEBOUNCE_MS = 400;

export interface TaleEditFormProps {
  tale: Tale;
  mayUseStaffFlags: boolean;
  mayWriteFreeCode: boolean;
  /** Buttons are left out inside an embedding frame. */
  showActions: boolean;
  onSaved: (tale: Tale) => void;
  onCancel: () => void;
  onDelete: () => void;
  deleting?: boolean;
  /** The map part of the form, composed by the page (app/routes) from the map feature. */
  renderMapFields: (fields: TaleMapFields) => ReactNode;
}

type TaleGeoValues = Pick<TaleFormValues, 'geo_is_map_shown' | 'geo_latitude' | 'geo_longitude' | 'geo_zoom' | 'geo_map_type'>;

/** What the form hands its map fields: the tale's header, its map values, and how to change them. */
export interface TaleMapFields {
  header: string;
  value: TaleGeoValues;
  onChange: (patch: Partial<TaleGeoValues>) => void;
}

function Loading({ label, height }: { label: string; height?: number }) {
  return (
    <div className="border rounded p-3 d-flex justify-content-center align-items-center" style={{ minHeight: height }}>
      <Spinner animation="border" size="sm" role="status">
        <span className="visually-hidden">{label}</span>
      </Spinner>
    </div>
  );
}

/** The tale screen in edit mode (its own chunk: it brings the editor, the date picker and the map fields). */
export default function TaleEditForm({
  tale,
  mayUseStaffFlags,
  mayWriteFreeCode,
  showActions,
  onSaved,
  onCancel,
  onDelete,
  deleting = false,
  renderMapFields,
}: TaleEditFormProps) {
  const { t } = useTranslation();
  const save = useSaveTale();

  // a draft left behind last time (page closed, navigated away) comes back, by the rule of spec section 4
  const [initial] = useState(() => {
    const fromTale = formValuesOf(tale);
    const draft = readDraft<TaleFormValues>(tale.id);
    const restored = draft && !sameValues({ ...fromTale, ...draft }, fromTale) ? { ...fromTale, ...draft } : null;
    return { fromTale, restored };
  });
  const [restoredNotice, setRestoredNotice] = useState(initial.restored !== null);

  const { register, control, handleSubmit, setError, formState, reset, setValue } = useForm<TaleFormValues, unknown, TaleSaveBody>({
    resolver: catalogueResolver<TaleFormValues, TaleSaveBody>(TaleSaveBody),
    defaultValues: initial.restored ?? initial.fromTale,
  });
  useClaimedFields(TALE_FORM_FIELDS);
  const values = useWatch({ control }) as TaleFormValues;

  // remember the edit locally while it is being made
  useEffect(() => {
    if (!formState.isDirty && !restoredNotice) return;
    const timer = setTimeout(() => rememberDraft(tale.id, values), DRAFT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [values, formState.isDirty, restoredNotice, tale.id]);

  const onSubmit = handleSubmit((v) => {
    const body: TaleSaveBody & { id: number } = { ...v, id: tale.id };
    // fields this person may not set are not sent at all
    if (!mayWriteFreeCode) delete body.body_free;
    if (!mayUseStaffFlags) for (const f of STAFF_FLAGS) delete body[f];
    save.mutate(body, {
      onSuccess: (env) => {
        if (isSuccess(env) && env.data) {
          clearDraft(tale.id);
          onSaved(env.data);
        } else applyServerFieldErrors(env.messages, setError, TALE_FORM_FIELDS);
      },
      onError: (e) => {
        if (e instanceof ApiError) applyServerFieldErrors(e.envelope?.messages, setError, TALE_FORM_FIELDS);
      },
    });
  });

  const cancel = () => {
    clearDraft(tale.id);
    onCancel();
  };

  const errors = formState.errors;
  const flagCheck = (f: (typeof AUTHOR_FLAGS)[number] | (typeof STAFF_FLAGS)[number]) => (
    <Col sm={6} lg={4} key={f}>
      <Form.Check type="checkbox" id={`tale-${f}`} label={t(`tale.${f}`)} {...register(f)} isInvalid={!!errors[f]} />
    </Col>
  );

  return (
    <Card className="my-4 shadow-sm mx-auto" style={{ maxWidth: 960 }} data-testid="tale-edit">
      <Card.Body className="p-4">
        <h1 className="h3 mb-4">{tale.is_submitted === 1 ? t('tale.editTitle') : t('tale.newTitle')}</h1>
        {restoredNotice && (
          <Alert variant="info" className="d-flex flex-wrap align-items-center gap-2" data-testid="draft-restored">
            <span className="me-auto">{t('tale.draftRestored')}</span>
            <Button
              size="sm"
              variant="outline-secondary"
              onClick={() => {
                clearDraft(tale.id);
                reset(initial.fromTale);
                setRestoredNotice(false);
              }}
            >
              {t('tale.draftDiscard')}
            </Button>
          </Alert>
        )}
        <form onSubmit={onSubmit} noValidate>
          <Form.Group className="mb-3" controlId="tale-header">
            <Form.Label>{t('tale.header')}</Form.Label>
            <Form.Control
              type="text"
              placeholder={t('tale.headerPlaceholder')}
              maxLength={500}
              isInvalid={!!errors.header}
              {...register('header')}
            />
            <FieldErrorText error={errors.header} />
          </Form.Group>

          <Form.Group className="mb-3">
            {/* the editor is a contenteditable textbox named by its own aria-label */}
            <div className="form-label" aria-hidden="true">
              {t('tale.body')}
            </div>
            <Suspense fallback={<Loading label={t('tale.loading')} height={260} />}>
              <Controller
                control={control}
                name="body"
                render={({ field }) => (
                  <RichTextEditor
                    id="tale-body"
                    value={field.value}
                    onChange={field.onChange}
                    ariaLabel={t('tale.body')}
                    placeholder={t('tale.bodyPlaceholder')}
                    uploadImage={uploadEditorImage}
                    minHeight={260}
                  />
                )}
              />
            </Suspense>
            <FieldErrorText error={errors.body} standalone />
          </Form.Group>

          <Row className="g-3 mb-3">
            <Col lg={7}>
              <Form.Group>
                <Controller
                  control={control}
                  name="publish_at"
                  render={({ field }) => (
                    <DatePicker
                      id="tale-publish-at"
                      label={t('tale.publishAt')}
                      withTime
                      minYear={UNIX_EPOCH_YEAR}
                      value={field.value}
                      onChange={field.onChange}
                    />
                  )}
                />
                <Form.Text muted>{t('tale.publishAtHint')}</Form.Text>
                <FieldErrorText error={errors.publish_at} standalone />
              </Form.Group>
            </Col>
            <Col lg={5}>
              <Form.Group controlId="tale-seo-index">
                <Form.Label>{t('tale.seo_index')}</Form.Label>
                <Form.Control
                  type="number"
                  min={0}
                  max={1}
                  step={0.1}
                  inputMode="decimal"
                  isInvalid={!!errors.seo_index}
                  {...register('seo_index')}
                />
                <FieldErrorText error={errors.seo_index} />
                <Form.Text muted>{t('tale.seo_indexHint')}</Form.Text>
              </Form.Group>
            </Col>
          </Row>

          <Row className="g-3 mb-3">
            <Col md={6}>
              <Form.Group controlId="tale-router-alias">
                <Form.Label>{t('tale.router_alias')}</Form.Label>
                <Form.Control
                  type="text"
                  maxLength={100}
                  autoComplete="off"
                  isInvalid={!!errors.router_alias}
                  {...register('router_alias')}
                />
                <FieldErrorText error={errors.router_alias} />
                <Form.Text muted>{t('tale.router_aliasHint', { origin: publicOrigin() })}</Form.Text>
              </Form.Group>
            </Col>
            <Col md={6}>
              <Form.Group controlId="tale-iframe">
                <Form.Label>{t('tale.iframe')}</Form.Label>
                <Form.Control type="url" inputMode="url" placeholder="https://" isInvalid={!!errors.iframe} {...register('iframe')} />
                <FieldErrorText error={errors.iframe} />
                <Form.Text muted>{t('tale.iframeHint')}</Form.Text>
              </Form.Group>
            </Col>
          </Row>

          <fieldset className="mb-3">
            <legend className="h6">{t('tale.flagsTitle')}</legend>
            <Row className="g-2">{AUTHOR_FLAGS.map(flagCheck)}</Row>
          </fieldset>
          {mayUseStaffFlags && (
            <fieldset className="mb-3" data-testid="staff-flags">
              <legend className="h6">{t('tale.staffFlagsTitle')}</legend>
              <Row className="g-2">{STAFF_FLAGS.map(flagCheck)}</Row>
            </fieldset>
          )}

          {mayWriteFreeCode && (
            <Form.Group className="mb-3" controlId="tale-body-free">
              <Form.Label>{t('tale.body_free')}</Form.Label>
              <Form.Control
                as="textarea"
                rows={6}
                spellCheck={false}
                className="font-monospace"
                isInvalid={!!errors.body_free}
                {...register('body_free')}
              />
              <FieldErrorText error={errors.body_free} />
              <Form.Text muted>{t('tale.body_freeHint')}</Form.Text>
            </Form.Group>
          )}

          <h2 className="h6 mt-4">{t('tale.mapFieldsTitle')}</h2>
          {renderMapFields({
            header: values.header,
            value: {
              geo_is_map_shown: values.geo_is_map_shown,
              geo_latitude: values.geo_latitude,
              geo_longitude: values.geo_longitude,
              geo_zoom: values.geo_zoom,
              geo_map_type: values.geo_map_type,
            },
            onChange: (patch) => {
              for (const [k, v] of Object.entries(patch) as [keyof typeof patch, TaleFormValues[keyof typeof patch]][]) {
                setValue(k, v as never, { shouldDirty: true });
              }
            },
          })}
          {(['geo_latitude', 'geo_longitude', 'geo_zoom', 'geo_map_type'] as const).map((f) => (
            <FieldErrorText key={f} error={errors[f]} standalone />
          ))}

          {showActions && (
            <div className="tales-tale-actions d-flex flex-wrap gap-2 justify-content-between py-3 mt-3">
              <div>{tale.is_submitted === 1 && <DeleteTaleButton onConfirm={onDelete} disabled={deleting || save.isPending} />}</div>
              <div className="d-flex gap-2">
                <Button variant="secondary" onClick={cancel} disabled={save.isPending} data-testid="tale-cancel">
                  {t('tale.cancel')}
                </Button>
                <Button type="submit" variant="primary" disabled={save.isPending} data-testid="tale-submit">
                  {save.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
                  {t('tale.submit')}
                </Button>
              </div>
            </div>
          )}
        </form>
      </Card.Body>
    </Card>
  );
}

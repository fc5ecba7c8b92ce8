import { useId, useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { RASTER_IMAGE_EXTENSIONS } from '@common/models/file';
import { refusalOf } from '@/lib/uploadRefusal';
import { FilePickerButton } from '@/ui/FilePickerButton';
import { UserAvatar } from '@/ui/UserAvatar';
import { useUploadEmblem } from '../api/uploadEmblem';

const ACCEPT = RASTER_IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');

/**
 * The profile's image (spec: "image upload" in edit mode): a preview, a file picker that uploads
 * the new image, and a way to go back to the default one. Either is the form's until its Save;
 * Cancel leaves the profile's image as it was.
 */
export function EmblemField({ emblem, onChange }: { emblem: string; onChange: (url: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const replace = useUploadEmblem();
  const [problem, setProblem] = useState<string | null>(null);

  const run = (file: File | null) => {
    setProblem(null);
    if (!file) {
      onChange('');
      return;
    }
    replace.mutate(file, {
      onSuccess: (url) => onChange(url),
      onError: (error) => setProblem(refusalOf(error)),
    });
  };

  return (
    <Form.Group className="mb-4" data-testid="emblem-field">
      <Form.Label htmlFor={`emblem-${id}`}>{t('profile.emblem')}</Form.Label>
      <div className="d-flex flex-wrap align-items-center gap-3">
        <span className="position-relative d-inline-block" data-testid="emblem-preview" data-src={emblem}>
          <UserAvatar src={emblem} size={96} className="border" />
          <span className="visually-hidden">{t('profile.emblemPreview')}</span>
          {replace.isPending && (
            <span className="position-absolute top-50 start-50 translate-middle">
              <Spinner animation="border" size="sm" role="status">
                <span className="visually-hidden">{t('profile.emblemUploading')}</span>
              </Spinner>
            </span>
          )}
        </span>
        <div className="flex-grow-1" style={{ minWidth: 220 }}>
          <FilePickerButton
            id={`emblem-${id}`}
            accept={ACCEPT}
            size="sm"
            disabled={replace.isPending}
            describedBy={`emblem-hint-${id}`}
            onFiles={(files) => run(files[0] ?? null)}
            testId="emblem-input"
          >
            {replace.isPending ? t('profile.emblemUploading') : t('profile.emblemChoose')}
          </FilePickerButton>
          {emblem && (
            <Button
              size="sm"
              variant="outline-secondary"
              className="ms-2"
              disabled={replace.isPending}
              onClick={() => run(null)}
              data-testid="emblem-remove"
            >
              {t('profile.emblemRemove')}
            </Button>
          )}
          {problem && (
            <div className="small text-danger mt-1" role="alert" data-testid="emblem-error">
              {problem}
            </div>
          )}
          <Form.Text id={`emblem-hint-${id}`} className="d-block">
            {t('profile.emblemHint')}
          </Form.Text>
        </div>
      </div>
    </Form.Group>
  );
}

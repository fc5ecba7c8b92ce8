import { useId } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { useTranslation } from 'react-i18next';
import { FilePickerButton } from '@/ui/FilePickerButton';
import type { UploadItem } from '../hooks/useFileUploads';

/** The multi-file picker; every chosen batch goes at once and shows its progress until it ends. */
export function FileUploader({
  uploads,
  onFiles,
  onCancel,
}: {
  uploads: UploadItem[];
  onFiles: (files: File[]) => void;
  onCancel: (key: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="mt-3" data-testid="files-uploader">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <FilePickerButton
          id={`files-picker-${id}`}
          multiple
          size="sm"
          onFiles={onFiles}
          describedBy={`files-picker-hint-${id}`}
          testId="files-picker"
        >
          <span aria-hidden="true">+</span> {t('files.addFiles')}
        </FilePickerButton>
        <Form.Text id={`files-picker-hint-${id}`} className="mt-0">
          {t('files.addFilesHint')}
        </Form.Text>
      </div>
      {uploads.map((u) => {
        const percent = u.total > 0 ? Math.min(100, Math.round((u.sent / u.total) * 100)) : 0;
        const names = u.names.join(', ');
        return (
          <div key={u.key} className="d-flex align-items-center gap-2 mt-2" data-testid="file-upload-progress">
            <div className="flex-grow-1 min-w-0">
              <div className="small text-truncate" title={names}>
                {t('files.uploadingNames', { names })}
              </div>
              <ProgressBar
                now={percent}
                label={t('files.uploadProgress', { percent })}
                animated={percent < 100}
                striped
                aria-label={t('files.uploadingNames', { names })}
                style={{ height: '1.1rem' }}
              />
            </div>
            <CloseButton
              aria-label={t('files.cancelUpload')}
              title={t('files.cancelUpload')}
              onClick={() => onCancel(u.key)}
              data-testid="file-upload-cancel"
            />
          </div>
        );
      })}
    </div>
  );
}

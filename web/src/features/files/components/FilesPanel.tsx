import './files.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { can } from '@common/policies';
import type { FileRow } from '@common/schemas/file';
import type { Tale } from '@common/schemas/tale';
import { fileQueries } from '@/api/files';
import { useCurrentUser } from '@/lib/currentUser';
import { useFileUploads } from '../hooks/useFileUploads';
import { inDisplayOrder } from '../utils/order';
import { FilesEditor } from './FilesEditor';
import { FilesView } from './FilesView';
import { FileUploader } from './FileUploader';
import { LoadingRow } from '@/ui/LoadingRow';

/**
 * The attached-files panel of a tale (spec section 2): collapsed with its count, it loads the list
 * when opened and drops it when closed. The tale's owner and staff attach files; each file's
 * owner and staff rename, reorder and delete it; everyone else sees the list.
 */
export function FilesPanel({ tale }: { tale: Pick<Tale, 'id' | 'owner_id' | 'count_files'> }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const bodyId = useId();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  // loaded only while the panel is open (spec section 2)
  const files = useQuery({ ...fileQueries.ofTale(tale.id), enabled: open });
  const uploads = useFileUploads(tale.id);

  // closed means cleared: the next opening reads the list afresh
  useEffect(() => {
    if (!open) queryClient.removeQueries({ queryKey: fileQueries.ofTale(tale.id).queryKey });
  }, [open, queryClient, tale.id]);

  const list = open ? files.data : undefined;
  const count = list ? list.length : tale.count_files;
  const mayUpload = can.attachFile(user, tale);
  const mayManage = (f: FileRow) => can.manageFile(user, f);
  const mayEdit = !!list?.some(mayManage);

  if (count === 0 && !mayUpload && uploads.uploads.length === 0) return null;

  return (
    <section className="tales-files mt-4" data-testid="files" data-count={count}>
      <h2 className="h6 mb-0">
        <Button
          variant="link"
          className="tales-files-toggle px-0 text-decoration-none fw-semibold"
          aria-expanded={open}
          aria-controls={bodyId}
          title={open ? t('files.toggleHide') : t('files.toggleShow')}
          onClick={() => {
            setOpen((o) => !o);
            setEditing(false);
          }}
          data-testid="files-toggle"
        >
          <span className="tales-files-caret" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>{' '}
          <span data-testid="files-count">{t('files.files', { count })}</span>
        </Button>
      </h2>
      {open && (
        <div id={bodyId} className="mt-2">
          {files.isPending ? (
            <LoadingRow label={t('files.loading')} />
          ) : !list || list.length === 0 ? (
            <p className="text-body-secondary small mb-0" data-testid="files-empty">
              {t('files.empty')}
            </p>
          ) : editing ? (
            <FilesEditor taleId={tale.id} files={inDisplayOrder(list)} mayManage={mayManage} onDone={() => setEditing(false)} />
          ) : (
            <>
              <FilesView files={list} />
              {mayEdit && (
                <Button size="sm" variant="outline-secondary" className="mt-3" onClick={() => setEditing(true)} data-testid="files-edit">
                  <span aria-hidden="true">✎</span> {t('files.edit')}
                </Button>
              )}
            </>
          )}
          {mayUpload && <FileUploader uploads={uploads.uploads} onFiles={uploads.start} onCancel={uploads.cancel} />}
        </div>
      )}
    </section>
  );
}

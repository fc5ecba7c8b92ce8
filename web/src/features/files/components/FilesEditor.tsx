import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import type { FileRow } from '@common/schemas/file';
import { isSuccess } from '@/api/client';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { useDeleteFile } from '../api/deleteFile';
import { useSaveFiles } from '../api/saveFiles';
import { bulkChanges, FILE_GROUPS, groupOf, isDirty, moveItem, reconcileIds } from '../utils/order';
import { FileSize } from './FileSize';
import { FileTypeIcon } from './FileTypeIcon';
import { SectionTitle } from './FilesView';

interface Draft {
  /** The edited order; null follows the server's. */
  ids: number[] | null;
  names: Record<number, string>;
}

const FRESH: Draft = { ids: null, names: {} };

/**
 * Rename, reorder (drag the handle, or the arrow buttons) and delete, for the files the user may
 * manage; one Save sends every change through UpdateBulk. Deleting asks first and is immediate.
 */
export function FilesEditor({
  taleId,
  files,
  mayManage,
  onDone,
}: {
  taleId: number;
  files: FileRow[];
  mayManage: (file: FileRow) => boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveFiles(taleId);
  const remove = useDeleteFile(taleId);
  const [draft, setDraft] = useState<Draft>(FRESH);
  const [dragged, setDragged] = useState<number | null>(null);
  const [dropOn, setDropOn] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<FileRow | null>(null);

  const byId = new Map(files.map((f) => [f.id, f]));
  const ids = draft.ids ? reconcileIds(draft.ids, files) : files.map((f) => f.id);
  const rows = ids.map((id) => byId.get(id)).filter((f): f is FileRow => f !== undefined);
  const dirty = isDirty(files, ids, draft.names);
  const changes = bulkChanges(files, ids, draft.names, mayManage);
  const emptyName = rows.some((f) => mayManage(f) && (draft.names[f.id] ?? f.name_human).trim() === '');

  // a file moves among its own kind: the panel shows each kind in its own section
  const sameGroup = (a: number, b: number) => {
    const x = byId.get(ids[a]);
    const y = byId.get(ids[b]);
    return !!x && !!y && groupOf(x) === groupOf(y);
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length || from === to || !sameGroup(from, to)) return;
    setDraft((d) => ({ ...d, ids: moveItem(ids, from, to) }));
  };

  const onSave = () => {
    if (changes.length === 0) {
      onDone();
      return;
    }
    save.mutate(changes, {
      onSuccess: (env) => {
        if (!isSuccess(env)) return;
        setDraft(FRESH);
        onDone();
      },
    });
  };

  const onConfirmDelete = () => {
    const file = toDelete;
    setToDelete(null);
    if (file) remove.mutate(file);
  };

  const renderRow = (f: FileRow, index: number, first: boolean, last: boolean) => {
    const manageable = mayManage(f);
    const name = draft.names[f.id] ?? f.name_human;
    return (
      <li
        key={f.id}
        className={`d-flex align-items-center gap-2 py-2 border-bottom${dropOn === index && dragged !== null ? ' tales-files-drop-target' : ''}${dragged === f.id ? ' opacity-50' : ''}`}
        data-testid="file-edit-row"
        data-file-id={f.id}
        onDragOver={(e) => {
          if (dragged === null || !sameGroup(ids.indexOf(dragged), index)) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'move';
          if (dropOn !== index) setDropOn(index);
        }}
        onDragLeave={() => setDropOn((d) => (d === index ? null : d))}
        onDrop={(e) => {
          e.preventDefault();
          if (dragged !== null) move(ids.indexOf(dragged), index);
          setDragged(null);
          setDropOn(null);
        }}
      >
        <span
          className={`tales-files-handle px-1 text-body-secondary${manageable ? '' : ' invisible'}`}
          draggable={manageable}
          role="img"
          aria-label={t('files.dragHandle', { name: f.name_human })}
          title={t('files.dragHandle', { name: f.name_human })}
          data-testid="file-drag-handle"
          onDragStart={(e) => {
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', String(f.id));
            const row = e.currentTarget.closest('li');
            if (row) e.dataTransfer.setDragImage(row, 16, 16);
            setDragged(f.id);
          }}
          onDragEnd={() => {
            setDragged(null);
            setDropOn(null);
          }}
        >
          ⠿
        </span>
        <div className="btn-group-vertical btn-group-sm">
          <Button
            variant="outline-secondary"
            className="py-0"
            disabled={!manageable || first}
            onClick={() => move(index, index - 1)}
            aria-label={t('files.moveUp', { name: f.name_human })}
            title={t('files.moveUp', { name: f.name_human })}
            data-testid="file-move-up"
          >
            ▲
          </Button>
          <Button
            variant="outline-secondary"
            className="py-0"
            disabled={!manageable || last}
            onClick={() => move(index, index + 1)}
            aria-label={t('files.moveDown', { name: f.name_human })}
            title={t('files.moveDown', { name: f.name_human })}
            data-testid="file-move-down"
          >
            ▼
          </Button>
        </div>
        <FileTypeIcon type={f.display_type} name={f.name_human} size={32} label={t(`files.type_${f.display_type}`)} />
        <div className="flex-grow-1 min-w-0">
          <Form.Control
            size="sm"
            value={name}
            maxLength={200}
            readOnly={!manageable}
            isInvalid={manageable && name.trim() === ''}
            aria-label={t('files.fileName', { position: index + 1 })}
            title={manageable ? undefined : t('files.notYours')}
            onChange={(e) => {
              const value = e.target.value;
              setDraft((d) => ({ ...d, names: { ...d.names, [f.id]: value } }));
            }}
            data-testid="file-name-input"
          />
          <FileSize bytes={f.size} className="small text-body-secondary" />
        </div>
        {manageable && (
          <Button
            size="sm"
            variant="outline-danger"
            onClick={() => setToDelete(f)}
            disabled={remove.isPending}
            aria-label={t('files.deleteNamed', { name: f.name_human })}
            title={t('files.deleteNamed', { name: f.name_human })}
            data-testid="file-delete"
          >
            {t('files.delete')}
          </Button>
        )}
      </li>
    );
  };

  return (
    <div data-testid="files-editor">
      {FILE_GROUPS.map((group) => {
        const inGroup = rows.filter((f) => groupOf(f) === group);
        if (inGroup.length === 0) return null;
        return (
          <section key={group} aria-label={t(`files.${group}`)}>
            <SectionTitle>{t(`files.${group}`)}</SectionTitle>
            <ol className="list-unstyled mb-2 tales-files-editor">
              {inGroup.map((f, place) => renderRow(f, ids.indexOf(f.id), place === 0, place === inGroup.length - 1))}
            </ol>
          </section>
        );
      })}
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Button variant="primary" onClick={onSave} disabled={save.isPending || emptyName || !dirty} data-testid="files-save">
          {save.isPending && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
          {save.isPending ? t('files.saving') : t('files.save')}
        </Button>
        <Button variant="outline-secondary" onClick={onDone} disabled={save.isPending} data-testid="files-edit-done">
          {t('files.editDone')}
        </Button>
        {dirty && (
          <small className="text-warning-emphasis" data-testid="files-unsaved">
            {t('files.unsaved')}
          </small>
        )}
      </div>
      <ConfirmDialog
        show={toDelete !== null}
        title={t('files.deleteTitle')}
        body={t('files.sure')}
        confirmLabel={t('files.delete')}
        onConfirm={onConfirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}

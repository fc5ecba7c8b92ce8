import { Button, ButtonGroup, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { KeyValueRow } from '../utils/keyValue';
import { newRow } from '../utils/keyValue';

interface KeyValueRowsProps {
  /** Names the rows for screen readers and tests: "Header 2 name". */
  label: string;
  rows: KeyValueRow[];
  onChange: (rows: KeyValueRow[]) => void;
  addLabel: string;
}

/** Editable name/value rows (query parameters, headers, cookies, form fields). */
export function KeyValueRows({ label, rows, onChange, addLabel }: KeyValueRowsProps) {
  const { t } = useTranslation();
  const patch = (id: number, p: Partial<KeyValueRow>) => onChange(rows.map((r) => (r.id === id ? { ...r, ...p } : r)));
  return (
    <div className="mb-2">
      {rows.map((row, i) => (
        <div key={row.id} className="d-flex gap-1 mb-1">
          <Form.Control
            size="sm"
            className="font-monospace"
            placeholder={t('admin.kv.name')}
            aria-label={t('admin.kv.nameOf', { label, n: i + 1 })}
            value={row.key}
            onChange={(e) => patch(row.id, { key: e.target.value })}
          />
          <Form.Control
            size="sm"
            className="font-monospace"
            placeholder={t('admin.kv.value')}
            aria-label={t('admin.kv.valueOf', { label, n: i + 1 })}
            value={row.value}
            onChange={(e) => patch(row.id, { value: e.target.value })}
          />
          <ButtonGroup size="sm">
            <Button
              variant="outline-danger"
              onClick={() => onChange(rows.filter((r) => r.id !== row.id))}
              aria-label={t('admin.kv.remove', { label, n: i + 1 })}
            >
              ✕
            </Button>
          </ButtonGroup>
        </div>
      ))}
      <Button size="sm" variant="outline-primary" onClick={() => onChange([...rows, newRow()])}>
        {addLabel}
      </Button>
    </div>
  );
}

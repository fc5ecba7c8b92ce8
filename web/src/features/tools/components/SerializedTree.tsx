import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { SerializedNode } from '@common/schemas/admin';

type Entry = { key: string | number; value: SerializedNode };

function typeLabel(node: SerializedNode): string {
  switch (node.type) {
    case 'null':
      return 'null';
    case 'bool':
      return 'bool';
    case 'int':
    case 'float':
      return node.type;
    case 'string': {
      if (node.nested) return node.json ? 'string → JSON' : 'string → serialized';
      // PHP counts a string's length in bytes
      const bytes = new TextEncoder().encode(node.value).length;
      return node.json ? `string(${bytes}) · JSON` : `string(${bytes})`;
    }
    case 'array':
      return `array(${node.entries.length})`;
    case 'object':
      return `${node.className}(${node.entries.length})`;
  }
}

const BADGE: Record<SerializedNode['type'], string> = {
  null: 'secondary',
  bool: 'info',
  int: 'primary',
  float: 'primary',
  string: 'success',
  array: 'dark',
  object: 'warning',
};

function children(node: SerializedNode): Entry[] | null {
  if (node.type === 'array' || node.type === 'object') return node.entries;
  if (node.type === 'string' && node.nested) return [{ key: '…', value: node.nested }];
  return null;
}

function Scalar({ node }: { node: SerializedNode }) {
  if (node.type === 'null') return <span className="text-body-secondary">null</span>;
  if (node.type === 'bool') return <span>{node.value ? 'true' : 'false'}</span>;
  if (node.type === 'int' || node.type === 'float') return <span>{node.value}</span>;
  if (node.type === 'string') return <span className="text-break">"{node.value}"</span>;
  return null;
}

function TreeNode({ name, node, depth }: { name: string | number | null; node: SerializedNode; depth: number }) {
  const { t } = useTranslation();
  const kids = children(node);
  const [open, setOpen] = useState(depth < 6);
  const isNestedString = node.type === 'string' && !!node.nested;
  return (
    <li>
      <div className="d-flex align-items-start gap-2 py-1">
        {kids ? (
          <Button
            variant="link"
            size="sm"
            className="p-0 text-decoration-none font-monospace"
            style={{ width: '1.25rem' }}
            aria-expanded={open}
            aria-label={open ? t('tools.ser.collapse') : t('tools.ser.expand')}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? '▾' : '▸'}
          </Button>
        ) : (
          <span style={{ width: '1.25rem' }} />
        )}
        {name !== null && <code className="text-body-emphasis">{typeof name === 'number' ? `[${name}]` : name}</code>}
        <Badge bg={BADGE[node.type]} text={node.type === 'object' ? 'dark' : undefined} className="fw-normal">
          {typeLabel(node)}
        </Badge>
        {!kids && (
          <code className="text-body" style={{ whiteSpace: 'pre-wrap' }}>
            <Scalar node={node} />
          </code>
        )}
      </div>
      {kids && open && (
        <ul className="list-unstyled ms-4 border-start ps-2 mb-0">
          {kids.map((e) => (
            <TreeNode key={String(e.key)} name={isNestedString ? null : e.key} node={e.value} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** A PHP-serialized value as a collapsible tree; nested serialized and JSON strings open below their string. */
export function SerializedTree({ node }: { node: SerializedNode }) {
  return (
    <ul className="list-unstyled font-monospace small mb-0" data-testid="serialized-tree">
      <TreeNode name={null} node={node} depth={0} />
    </ul>
  );
}

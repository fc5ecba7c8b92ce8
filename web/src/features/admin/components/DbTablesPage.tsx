import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge, Col, ListGroup, Row, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { can } from '@common/policies';
import type { DbTable } from '@common/schemas/admin';
import { adminQueries } from '@/api/admin';
import { useCurrentUser } from '@/lib/currentUser';
import { AdminPage } from './AdminPage';
import { CopyButton } from '@/ui/CopyButton';

const STATEMENTS = ['select', 'insert', 'update'] as const;

function TableDetails({ table }: { table: DbTable }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language);
  return (
    <div data-testid="db-table-details">
      <h2 className="h4">
        <code>{table.name}</code>{' '}
        <small className="text-body-secondary fs-6">
          {t('admin.db.rows', { count: table.rows, formatted: number.format(table.rows) })}
        </small>
      </h2>

      <h3 className="h6 mt-3">{t('admin.db.columns', { count: table.columns.length })}</h3>
      <Table size="sm" bordered hover responsive className="small">
        <thead>
          <tr>
            <th>{t('admin.db.column')}</th>
            <th>{t('admin.db.type')}</th>
            <th>{t('admin.db.nullable')}</th>
            <th>{t('admin.db.default')}</th>
            <th>{t('admin.db.keys')}</th>
          </tr>
        </thead>
        <tbody>
          {table.columns.map((c) => {
            const fks = table.foreignKeys.filter((fk) => fk.columns.includes(c.name));
            return (
              <tr key={c.name}>
                <td>
                  <code>{c.name}</code>
                </td>
                <td className="font-monospace">{c.type}</td>
                <td>{c.nullable ? t('admin.db.yes') : <span className="text-body-secondary">{t('admin.db.notNull')}</span>}</td>
                <td className="font-monospace text-break">{c.default ?? <span className="text-body-secondary">—</span>}</td>
                <td>
                  {c.primaryKey && <Badge bg="primary">PK</Badge>}{' '}
                  {fks.map((fk) => (
                    <Badge key={fk.name} bg="info" text="dark" title={fk.references}>
                      FK → {fk.references}
                    </Badge>
                  ))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>

      <h3 className="h6 mt-3">{t('admin.db.indexes', { count: table.indexes.length })}</h3>
      {table.indexes.length === 0 ? (
        <p className="small text-body-secondary">{t('admin.db.none')}</p>
      ) : (
        <ul className="small list-unstyled">
          {table.indexes.map((ix) => (
            <li key={ix.name} className="mb-1">
              <code>{ix.name}</code> {ix.unique && <Badge bg="secondary">UNIQUE</Badge>}
              <div className="font-monospace text-body-secondary text-break">{ix.definition}</div>
            </li>
          ))}
        </ul>
      )}

      <h3 className="h6 mt-3">{t('admin.db.foreignKeys', { count: table.foreignKeys.length })}</h3>
      {table.foreignKeys.length === 0 ? (
        <p className="small text-body-secondary">{t('admin.db.none')}</p>
      ) : (
        <ul className="small">
          {table.foreignKeys.map((fk) => (
            <li key={fk.name}>
              <code>{fk.name}</code>: ({fk.columns.join(', ')}) → <code>{fk.references}</code>
            </li>
          ))}
        </ul>
      )}

      <h3 className="h6 mt-3">{t('admin.db.statements')}</h3>
      {STATEMENTS.map((s) => (
        <div key={s} className="mb-3" data-testid={`db-statement-${s}`}>
          <div className="d-flex align-items-center mb-1">
            <span className="fw-semibold small me-auto">{s.toUpperCase()}</span>
            <CopyButton text={table.statements[s]} ariaLabel={t('admin.db.copyStatement', { statement: s.toUpperCase() })} />
          </div>
          <pre className="bg-body-tertiary border rounded p-2 small mb-0" style={{ whiteSpace: 'pre-wrap' }}>
            {table.statements[s]}
          </pre>
        </div>
      ))}
    </div>
  );
}

/** /AdminDbManager/DbTablesColumnsInfo (staff): the database's tables and, for the chosen one, its structure. */
export default function DbTablesPage() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const tables = useQuery({ ...adminQueries.dbTables(), enabled: can.useStaffTools(user) });
  const [chosen, setChosen] = useState<string | null>(null);
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language);
  const list = tables.data ?? [];
  const table = list.find((x) => x.name === chosen) ?? null;

  return (
    <AdminPage title={t('admin.db.title')} intro={t('admin.db.intro')} allowed={can.useStaffTools}>
      {tables.isPending ? (
        <div className="py-4 text-center">
          <Spinner animation="border" role="status">
            <span className="visually-hidden">{t('admin.loading')}</span>
          </Spinner>
        </div>
      ) : list.length === 0 ? (
        <p className="text-body-secondary">{t('admin.db.noTables')}</p>
      ) : (
        <Row className="g-4">
          <Col md={4} lg={3}>
            <h2 className="h6">{t('admin.db.tables', { count: list.length })}</h2>
            <ListGroup data-testid="db-tables">
              {list.map((x) => (
                <ListGroup.Item
                  key={x.name}
                  action
                  active={x.name === chosen}
                  onClick={() => setChosen(x.name)}
                  className="d-flex justify-content-between align-items-center"
                >
                  <code className={x.name === chosen ? 'text-white' : undefined}>{x.name}</code>
                  <Badge
                    bg={x.name === chosen ? 'light' : 'secondary'}
                    text={x.name === chosen ? 'dark' : undefined}
                    pill
                    title={t('admin.db.rowCount')}
                  >
                    {number.format(x.rows)}
                  </Badge>
                </ListGroup.Item>
              ))}
            </ListGroup>
          </Col>
          <Col md={8} lg={9}>
            {table ? <TableDetails table={table} /> : <p className="text-body-secondary">{t('admin.db.choose')}</p>}
          </Col>
        </Row>
      )}
    </AdminPage>
  );
}

import { Badge, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** The headers table and the body of an HTTP answer, as both request tools show them. */
export function ResponseParts({
  headers,
  body,
  json,
  bodyTestId,
}: {
  headers: [string, string][];
  body: string;
  json: boolean;
  bodyTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <h3 className="h6">{t('admin.headers', { count: headers.length })}</h3>
      <Table size="sm" bordered className="small font-monospace">
        <tbody>
          {headers.map(([name, value], i) => (
            // a header may repeat (set-cookie), so its place tells rows apart
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={i}>
              <th className="text-nowrap fw-normal text-body-secondary" style={{ width: '1%' }}>
                {name}
              </th>
              <td className="text-break">{value}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <h3 className="h6">
        {t('admin.body')} {json && <Badge bg="secondary">JSON</Badge>}
      </h3>
      <pre
        className="bg-body-tertiary border rounded p-3 small mb-0"
        style={{ maxHeight: '60vh', whiteSpace: 'pre-wrap' }}
        data-testid={bodyTestId}
      >
        {body || <span className="text-body-secondary">{t('admin.emptyBody')}</span>}
      </pre>
    </>
  );
}

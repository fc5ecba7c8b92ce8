import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';

/** The narrow centred card every account screen sits in. */
export function AuthCard({ title, children, footer }: { title: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <Card className="tales-auth-card mx-auto my-4 shadow-sm">
      <Card.Body className="p-4">
        <h1 className="h3 mb-4">{title}</h1>
        {children}
      </Card.Body>
      {footer && <Card.Footer className="bg-body-tertiary small">{footer}</Card.Footer>}
    </Card>
  );
}

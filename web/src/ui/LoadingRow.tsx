import Spinner from 'react-bootstrap/Spinner';

/** A small spinner where a list is loading; `label` is what a screen reader hears. */
export function LoadingRow({ label, className = 'py-2' }: { label: string; className?: string }) {
  return (
    <div className={className}>
      <Spinner animation="border" size="sm" role="status">
        <span className="visually-hidden">{label}</span>
      </Spinner>
    </div>
  );
}

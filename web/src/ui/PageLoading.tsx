import Spinner from 'react-bootstrap/Spinner';

/**
 * A screen, or a part of one, that is loading: a spinner in the middle. `label` is what a screen
 * reader hears; `height` keeps the place of what is coming (a map), so the page does not jump.
 */
export function PageLoading({ label, height }: { label: string; height?: number }) {
  return (
    <div
      className={height ? 'd-flex justify-content-center align-items-center' : 'd-flex justify-content-center py-5'}
      style={height ? { height } : undefined}
    >
      <Spinner animation="border" role="status">
        <span className="visually-hidden">{label}</span>
      </Spinner>
    </div>
  );
}

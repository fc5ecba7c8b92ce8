import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appRoutes } from '@common/routes';
import type { Tale } from '@common/schemas/tale';
import { mapQueries } from '../api/mapTales';
import { hasPoint } from '../utils/geo';
import { formatDistance, mapTaleName, viewParams } from '../utils/viewport';

/** The map of tales centred on a tale, its popup open. */
export function mapAround(tale: Pick<Tale, 'id' | 'geo_latitude' | 'geo_longitude' | 'geo_zoom'>): string {
  const view = viewParams({ lat: tale.geo_latitude, lng: tale.geo_longitude, zoom: Math.min(tale.geo_zoom || 13, 15) });
  return `${appRoutes.map}?${new URLSearchParams({ ...view, open: String(tale.id) })}`;
}

/**
 * Under a tale's map: the tales pinned nearest to it, with how far each is, and a way to the map
 * of tales around it. Nothing for a tale with no point or not yet saved.
 */
export function NearbyTales({ tale }: { tale: Tale }) {
  const { t, i18n } = useTranslation();
  const pinned = tale.is_submitted === 1 && hasPoint(tale.geo_latitude, tale.geo_longitude);
  const nearby = useQuery({ ...mapQueries.nearby(tale.id), enabled: pinned });
  if (!pinned) return null;
  const lang = i18n.resolvedLanguage ?? 'en';
  const tales = nearby.data?.tales ?? [];
  return (
    <section className="mt-3 tales-nearby" aria-labelledby={`nearby-${tale.id}`} data-testid="nearby-tales">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between column-gap-3">
        <h2 id={`nearby-${tale.id}`} className="h6 mb-2">
          {t('map.nearby')}
        </h2>
        <Link to={mapAround(tale)} className="small" data-testid="nearby-map-link">
          {t('map.aroundOnMap')}
        </Link>
      </div>
      {nearby.isPending ? (
        <p className="small text-body-secondary">{t('map.loadingTales')}</p>
      ) : nearby.isError ? (
        <p className="small text-body-secondary">{t('map.loadFailed')}</p>
      ) : tales.length === 0 ? (
        <p className="small text-body-secondary">{t('map.nearbyNone')}</p>
      ) : (
        <ul className="list-unstyled small mb-0">
          {tales.map((near) => (
            <li key={near.id} className="mb-1">
              <Link to={appRoutes.taleOf(near)}>{mapTaleName(near, t('tale.untitled'))}</Link>
              <span className="text-body-secondary"> · {formatDistance(near.distance ?? 0, lang)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

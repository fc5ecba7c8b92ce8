import 'leaflet/dist/leaflet.css';
import './map.css';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { MapContainer, Popup, useMap, useMapEvents } from 'react-leaflet';
import { Link, useSearchParams } from 'react-router';
import { MAP_COUNT_CAP, type Bbox, type MapTale } from '@common/schemas/map';
import type { MapType } from '@common/schemas/tale';
import { appRoutes } from '@common/routes';
import { mapQueries } from '../api/mapTales';
import { bboxOf, mapTaleName, type View, nearCopy, shortDate, viewOf, viewParams } from '../utils/viewport';
import { ClusterLayer } from './ClusterLayer';
import { FullscreenControl, LocateControl, TypeControl } from './MapControls';
import { Layers } from './TaleMap';

/** How many of the tales in view the list beside the map names (the nearest to the centre). */
const LISTED = 12;

/** Reports the view after every move or zoom (Leaflet's moveend), and once at the start. */
function ViewWatcher({ onView }: { onView: (view: View, bbox: Bbox) => void }) {
  const map = useMap();
  const report = useCallback(() => {
    const b = map.getBounds();
    const c = map.getCenter();
    onView(
      { lat: c.lat, lng: c.lng, zoom: map.getZoom() },
      bboxOf({ west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() }),
    );
  }, [map, onView]);
  useEffect(report, [report]);
  useMapEvents({ moveend: report });
  return null;
}

/** A tale's name for its marker and its line in the list: the header, else the start of its text. */
function useNameOf() {
  const { t } = useTranslation();
  return useCallback((tale: MapTale) => mapTaleName(tale, t('tale.untitled')), [t]);
}

/** "Author · date", each shown unless the author hid it (as the feed's byline). */
function useBylineOf() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (tale: MapTale) =>
      [
        tale.is_avatar_hidden === 1 ? '' : `${tale.owner_firstname} ${tale.owner_lastname}`.trim() || t('user.fallback'),
        tale.is_date_hidden === 1 ? '' : shortDate(tale.publish_at, i18n.resolvedLanguage ?? 'en'),
      ]
        .filter(Boolean)
        .join(' · '),
    [t, i18n.resolvedLanguage],
  );
}

function TalePopupBody({ tale }: { tale: MapTale }) {
  const { t } = useTranslation();
  // the reader is taken to what opened: its heading has the focus, so a screen reader says it
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => heading.current?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, []);
  const byline = useBylineOf()(tale);
  return (
    <div className="tales-map-popup" data-testid="map-popup">
      <h2 className="h6 mb-1" tabIndex={-1} ref={heading}>
        {tale.header || t('tale.untitled')}
      </h2>
      {(tale.is_adult_denied === 1 || tale.is_for_registered === 1) && (
        <p className="mb-1">
          {tale.is_adult_denied === 1 && (
            <Badge bg="danger" className="me-1">
              {t('tale.badgeAdult')}
            </Badge>
          )}
          {tale.is_for_registered === 1 && <Badge bg="info">{t('tale.badgeRegistered')}</Badge>}
        </p>
      )}
      {tale.excerpt && <p className="mb-1">{tale.excerpt}</p>}
      {byline && <p className="text-body-secondary small mb-1">{byline}</p>}
      <Link to={appRoutes.taleOf(tale)}>{t('map.readTale')}</Link>
    </div>
  );
}

/**
 * /map: every tale pinned to a place that the reader may read, on one map. It loads what the view
 * holds, nearest to its centre first, a page at a time, clustered; the search box filters as the
 * feed's does (`/map?txt=#река`). The view lives in the address (lat, lng, z), so a link shows the
 * same place; `open=<id>` opens that tale's popup once it is in view.
 */
export default function TalesMapPage({
  renderSearch,
}: {
  /** The search box (the feed's), given the text and what to do with a new one. */
  renderSearch: (txt: string, onSearch: (next: string) => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const txt = (params.get('txt') ?? '').trim();
  const openId = Number(params.get('open')) || undefined;
  const [initial] = useState(() => viewOf(params));
  const [bbox, setBbox] = useState<Bbox | null>(null);
  // the tale whose popup is open, and the copy of the world it was opened on (fixed while it is open)
  const [selected, setSelectedState] = useState<{ tale: MapTale; lng: number } | null>(null);
  const setSelected = useCallback(
    (tale: MapTale | null) => setSelectedState(tale ? { tale, lng: nearCopy(tale.longitude, centreLng.current) } : null),
    [],
  );
  const popupPosition = useMemo<[number, number] | null>(() => (selected ? [selected.tale.latitude, selected.lng] : null), [selected]);
  const [type, setType] = useState<MapType>('map');
  const showMarker = useRef<(id: number, then: () => void) => void>(() => undefined);
  const centreLng = useRef(initial.lng);
  const mapSection = useRef<HTMLElement>(null);
  const nameOf = useNameOf();
  const bylineOf = useBylineOf();
  const clusterName = useCallback((count: number) => t('map.cluster', { count }), [t]);

  const onView = useCallback(
    (view: View, next: Bbox) => {
      centreLng.current = view.lng;
      setBbox((prev) => (prev && JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
      setParams(
        (p) => {
          const q = new URLSearchParams(p);
          for (const [k, v] of Object.entries(viewParams(view))) q.set(k, v);
          return q;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  const query = useInfiniteQuery({
    ...mapQueries.viewport(bbox ?? { west: 0, south: 0, east: 0, north: 0 }, txt),
    enabled: bbox !== null,
    placeholderData: keepPreviousData,
  });
  // pages of one viewport, each tale once (tales at the same distance may fall on two pages)
  const tales = useMemo(() => {
    const seen = new Set<number>();
    return (query.data?.pages.flatMap((p) => p.tales) ?? []).filter((x) => !seen.has(x.id) && seen.add(x.id));
  }, [query.data]);
  const total = query.data?.pages[0]?.pagination.rowsTotal ?? 0;
  const capped = total >= MAP_COUNT_CAP;

  // the tale an address asks to open, once it is among the markers
  const opened = useRef(false);
  useEffect(() => {
    if (!openId || opened.current) return;
    const tale = tales.find((x) => x.id === openId);
    if (tale) {
      opened.current = true;
      showMarker.current(tale.id, () => setSelected(tale));
    }
  }, [openId, tales, setSelected]);

  useEffect(() => {
    document.title = `${txt ? t('map.titleSearch', { txt }) : t('map.title')} · ${t('app.brand')}`;
  }, [t, txt]);

  const search = (next: string) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        if (next) q.set('txt', next);
        else q.delete('txt');
        q.delete('open');
        return q;
      },
      { preventScrollReset: true },
    );

  const onReady = useCallback((show: (id: number, then: () => void) => void) => {
    showMarker.current = show;
  }, []);

  const listed = tales.slice(0, LISTED);
  const status = query.isError
    ? null
    : query.isPending
      ? t('map.loadingTales')
      : total === 0
        ? txt
          ? t('map.noneFound', { txt })
          : t('map.noneHere')
        : [
            capped ? t('map.countCapped', { count: MAP_COUNT_CAP }) : t('map.count', { count: total }),
            tales.length < total ? t('map.shown', { shown: tales.length }) : '',
          ]
            .filter(Boolean)
            .join(', ');

  return (
    <section className="py-3" data-testid="tales-map-page">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between column-gap-3">
        <h1 className="h2 mb-3">{txt ? t('map.titleSearch', { txt }) : t('map.title')}</h1>
        <Link to={txt ? appRoutes.search(txt) : appRoutes.home} className="mb-3" data-testid="map-as-list">
          {txt ? t('map.searchAsList') : t('map.toFeed')}
        </Link>
      </div>
      {renderSearch(txt, search)}
      <div className="row g-3">
        <div className="col-lg-8">
          <section aria-label={t('map.title')} data-testid="tales-map" ref={mapSection}>
            <MapContainer
              center={[initial.lat, initial.lng]}
              zoom={initial.zoom}
              minZoom={2}
              worldCopyJump
              className={`tales-map tales-map-page${query.isFetching ? ' tales-map-fetching' : ''}`}
            >
              <Layers type={type} />
              <TypeControl value={type} onChange={setType} />
              <FullscreenControl />
              <LocateControl />
              <ViewWatcher onView={onView} />
              <ClusterLayer tales={tales} nameOf={nameOf} clusterName={clusterName} onSelect={setSelected} onReady={onReady} />
              {selected && popupPosition && (
                <Popup position={popupPosition} offset={[1, -34]} eventHandlers={{ remove: () => setSelected(null) }}>
                  <TalePopupBody key={selected.tale.id} tale={selected.tale} />
                </Popup>
              )}
            </MapContainer>
          </section>
          <div className="d-flex flex-wrap align-items-center gap-2 mt-2 small" aria-live="polite" data-testid="map-status">
            {query.isFetching && <Spinner animation="border" size="sm" role="presentation" />}
            {status && <span>{status}</span>}
            {capped && !query.hasNextPage && <span className="text-body-secondary">{t('map.zoomIn')}</span>}
            {query.hasNextPage && (
              <Button
                size="sm"
                variant="outline-primary"
                onClick={() => void query.fetchNextPage()}
                disabled={query.isFetchingNextPage}
                data-testid="map-more"
              >
                {t('map.showMore')}
              </Button>
            )}
          </div>
          {query.isError && (
            <Alert variant="danger" className="mt-2 d-flex flex-wrap align-items-center gap-2" data-testid="map-error">
              {t('map.loadFailed')}
              <Button size="sm" variant="outline-danger" onClick={() => void query.refetch()}>
                {t('map.retry')}
              </Button>
            </Alert>
          )}
        </div>
        <aside className="col-lg-4" aria-labelledby="map-in-view">
          <h2 id="map-in-view" className="h5">
            {t('map.inView')}
          </h2>
          {listed.length === 0 ? (
            <p className="text-body-secondary">{query.isPending ? t('map.loadingTales') : t('map.listEmpty')}</p>
          ) : (
            <ol className="list-unstyled tales-map-list" data-testid="map-list">
              {listed.map((tale) => (
                <li key={tale.id} className="mb-2">
                  <Link to={appRoutes.taleOf(tale)} className="fw-semibold">
                    {nameOf(tale)}
                  </Link>
                  <div className="small text-body-secondary">
                    {bylineOf(tale) && `${bylineOf(tale)} · `}
                    <button
                      type="button"
                      className="btn btn-link btn-sm p-0 align-baseline"
                      onClick={() => {
                        mapSection.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
                        showMarker.current(tale.id, () => setSelected(tale));
                      }}
                      aria-label={t('map.showOnMapNamed', { name: nameOf(tale) })}
                    >
                      {t('map.showOnMap')}
                    </button>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </aside>
      </div>
    </section>
  );
}

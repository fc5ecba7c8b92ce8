import 'leaflet/dist/leaflet.css';
import './map.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import type { MapType } from '@common/schemas/tale';
import { siteConfig } from '@/lib/siteConfig';
import { markerIcon } from '../utils/markerIcon';
import { clampZoom, DEFAULT_CENTER, DEFAULT_ZOOM, hasPoint, type LatLong, roundPoint } from '../utils/geo';
import { FullscreenControl, LocateControl, TypeControl } from './MapControls';

export interface TaleMapProps {
  latitude: number;
  longitude: number;
  /** The tale's zoom; the widget default (14) is used when the tale has no point. */
  zoom: number;
  type: MapType;
  /** Shown in the marker's popup. */
  header?: string;
  /** Edit mode: a click on the map (or a found location) picks the point. */
  onPick?: (point: LatLong) => void;
  onZoomChange?: (zoom: number) => void;
  onTypeChange?: (type: MapType) => void;
  className?: string;
}

/** The tiles of a map type, from the site configuration. */
export function Layers({ type }: { type: MapType }) {
  const { map: cfg } = siteConfig();
  if (type === 'map') return <TileLayer key="map" url={cfg.tileUrl} attribution={cfg.tileAttribution} maxZoom={19} />;
  return (
    <>
      <TileLayer key="satellite" url={cfg.satelliteUrl} attribution={cfg.satelliteAttribution} maxZoom={19} />
      {type === 'hybrid' && cfg.labelsUrl && <TileLayer key="labels" url={cfg.labelsUrl} maxZoom={19} zIndex={2} />}
    </>
  );
}

/** Keeps the view in step with the fields (edit mode) and reports clicks and zooms back. */
function Sync({ center, zoom, onPick, onZoomChange }: { center: LatLong; zoom: number } & Pick<TaleMapProps, 'onPick' | 'onZoomChange'>) {
  const map = useMap();
  // Zoom levels this component set itself, oldest first. Their zoomend (which may arrive after the
  // field has moved on, when a zoom animation ends late) is not the reader's choice and is not
  // reported back; otherwise a late one would overwrite the zoom just typed into the field.
  const ownZooms = useRef<number[]>([]);
  useEffect(() => {
    const c = map.getCenter();
    const zoomMoves = map.getZoom() !== zoom;
    if (Math.abs(c.lat - center.lat) > 1e-6 || Math.abs(c.lng - center.lng) > 1e-6 || zoomMoves) {
      if (zoomMoves) ownZooms.current.push(zoom);
      map.setView([center.lat, center.lng], zoom);
    }
  }, [map, center.lat, center.lng, zoom]);
  useMapEvents({
    click: (e) => onPick?.(roundPoint(e.latlng.lat, e.latlng.lng)),
    zoomend: () => {
      const z = map.getZoom();
      const own = ownZooms.current.indexOf(z);
      if (own >= 0) ownZooms.current.splice(0, own + 1);
      else onZoomChange?.(z);
    },
  });
  return null;
}

/**
 * The tale's place on a Leaflet map (its own lazy chunk): tiles from the site configuration,
 * map/satellite/hybrid, zoom, fullscreen and locate-me controls, a marker with the header.
 */
export default function TaleMap({
  latitude,
  longitude,
  zoom,
  type,
  header,
  onPick,
  onZoomChange,
  onTypeChange,
  className = '',
}: TaleMapProps) {
  const { t } = useTranslation();
  const point = hasPoint(latitude, longitude);
  const center: LatLong = point ? { lat: latitude, lng: longitude } : DEFAULT_CENTER;
  const viewZoom = point ? clampZoom(zoom) : DEFAULT_ZOOM;
  // view mode keeps the reader's choice of layer locally; edit mode hands it to the form
  const [localType, setLocalType] = useState<MapType>(type);
  const shownType = onTypeChange ? type : localType;

  return (
    <section className={className} aria-label={t('map.mapLabel')} data-testid={onPick ? 'map-picker' : 'tale-map'}>
      <MapContainer
        center={[center.lat, center.lng]}
        zoom={viewZoom}
        scrollWheelZoom={false}
        className={`tales-map${onPick ? ' tales-map-picking' : ''}`}
      >
        <Layers type={shownType} />
        <TypeControl value={shownType} onChange={onTypeChange ?? setLocalType} />
        <FullscreenControl />
        <LocateControl onFound={onPick ? (p) => onPick(roundPoint(p.lat, p.lng)) : undefined} />
        {onPick && <Sync center={center} zoom={viewZoom} onPick={onPick} onZoomChange={onZoomChange} />}
        {point && (
          <Marker position={[latitude, longitude]} icon={markerIcon} title={header || undefined} alt={header || t('map.mapLabel')}>
            {header && <Popup>{header}</Popup>}
          </Marker>
        )}
      </MapContainer>
    </section>
  );
}

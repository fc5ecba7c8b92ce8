import type L from 'leaflet';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, Popup, useMap, useMapEvents } from 'react-leaflet';
import { MAP_TYPES, type MapType } from '@common/models/tale';
import { MapControl } from './MapControl';

/** Full screen for the map alone, with the browser's Fullscreen API; Esc leaves it. */
export function FullscreenControl() {
  const { t } = useTranslation();
  const map = useMap();
  const [active, setActive] = useState(false);
  useEffect(() => {
    const onChange = () => {
      setActive(document.fullscreenElement === map.getContainer());
      // the map changed size: let Leaflet load the tiles the new size needs
      map.invalidateSize();
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [map]);
  if (!document.fullscreenEnabled) return null;
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void map.getContainer().requestFullscreen();
  };
  const label = active ? t('map.exitFullscreen') : t('map.fullscreen');
  return (
    <MapControl position="topleft">
      <button type="button" className="tales-map-button" title={label} aria-label={label} aria-pressed={active} onClick={toggle}>
        {active ? '⤡' : '⤢'}
      </button>
    </MapControl>
  );
}

/** Locate me: asks the browser for the position, centres the map there and marks it. */
export function LocateControl({ onFound }: { onFound?: (p: L.LatLng) => void }) {
  const { t } = useTranslation();
  const map = useMap();
  const [state, setState] = useState<{ status: 'idle' | 'busy' | 'failed' } | { status: 'found'; at: L.LatLng; accuracy: number }>({
    status: 'idle',
  });
  useMapEvents({
    locationfound: (e) => {
      setState({ status: 'found', at: e.latlng, accuracy: e.accuracy });
      onFound?.(e.latlng);
    },
    locationerror: () => setState({ status: 'failed' }),
  });
  return (
    <>
      <MapControl position="topleft">
        <button
          type="button"
          className={`tales-map-button${state.status === 'busy' ? ' tales-map-busy' : ''}`}
          title={t('map.locate')}
          aria-label={t('map.locate')}
          onClick={() => {
            setState({ status: 'busy' });
            map.locate({ setView: true, maxZoom: 16, timeout: 10_000 });
          }}
        >
          ◎
        </button>
      </MapControl>
      {state.status === 'failed' && (
        <MapControl position="bottomleft" className="tales-map-note">
          <span role="status">{t('map.locateFailed')}</span>
        </MapControl>
      )}
      {state.status === 'found' && (
        <CircleMarker center={state.at} radius={8} pathOptions={{ color: '#0d6efd', fillOpacity: 0.6 }}>
          <Popup>{t('map.youAreHere')}</Popup>
        </CircleMarker>
      )}
    </>
  );
}

/** The map/satellite/hybrid selector. */
export function TypeControl({ value, onChange }: { value: MapType; onChange: (t: MapType) => void }) {
  const { t } = useTranslation();
  return (
    <MapControl position="topright" className="leaflet-bar tales-map-type">
      <select
        className="form-select form-select-sm"
        aria-label={t('map.type')}
        title={t('map.type')}
        value={value}
        onChange={(e) => onChange(e.target.value as MapType)}
        data-testid="map-type-control"
      >
        {MAP_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`map.type_${type}`)}
          </option>
        ))}
      </select>
    </MapControl>
  );
}

import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { MAP_TYPES, type MapType } from '@common/models/tale';
import { clampZoom, formatLatLong, type LatLong, MAX_ZOOM, MIN_ZOOM, numberOrZero, parseLatLong } from '../utils/geo';
import { PageLoading } from '@/ui/PageLoading';

const TaleMap = lazy(() => import('./TaleMap'));

export interface GeoValues {
  geo_is_map_shown: boolean;
  geo_latitude: number;
  geo_longitude: number;
  geo_zoom: number;
  geo_map_type: MapType;
}

/** A text field that shows a number but lets the person type freely; non-numeric text counts as 0. */
function NumberText({
  id,
  label,
  value,
  onValue,
  inputMode = 'decimal',
}: {
  id: string;
  label: string;
  value: number;
  onValue: (n: number) => void;
  inputMode?: 'decimal' | 'numeric';
}) {
  const [text, setText] = useState(String(value));
  useEffect(() => {
    setText((cur) => (numberOrZero(cur) === value ? cur : String(value)));
  }, [value]);
  return (
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="text"
        inputMode={inputMode}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onValue(numberOrZero(e.target.value));
        }}
        onBlur={() => setText(String(value))}
      />
    </Form.Group>
  );
}

/**
 * The map part of the tale editor: show-map checkbox, a "lat, long" field (spec section 5),
 * latitude, longitude, zoom and type, and a map on which a click picks the point.
 */
export function MapFields({
  value,
  onChange,
  header,
}: {
  value: GeoValues;
  onChange: (patch: Partial<GeoValues>) => void;
  header?: string;
}) {
  const { t } = useTranslation();
  const base = `geo-${useId().replace(/:/g, '')}`;
  const { geo_latitude: lat, geo_longitude: lng } = value;
  const [pair, setPair] = useState(formatLatLong(lat, lng));
  // the pair follows the other fields and the map, unless it already says the same
  useEffect(() => {
    setPair((cur) => {
      const p = parseLatLong(cur);
      return p.lat === lat && p.lng === lng ? cur : formatLatLong(lat, lng);
    });
  }, [lat, lng]);

  const pick = (p: LatLong) => onChange({ geo_latitude: p.lat, geo_longitude: p.lng });

  return (
    <fieldset className="mb-3" data-testid="map-fields">
      <Form.Check
        type="switch"
        id={`${base}-shown`}
        label={t('map.showMap')}
        checked={value.geo_is_map_shown}
        onChange={(e) => onChange({ geo_is_map_shown: e.target.checked })}
        className="mb-3"
      />
      <Row className="g-3 mb-3">
        <Col md={6}>
          <Form.Group controlId={`${base}-pair`}>
            <Form.Label>{t('map.latLong')}</Form.Label>
            <Form.Control
              type="text"
              value={pair}
              placeholder="55.798, 37.619"
              aria-describedby={`${base}-pair-hint`}
              onChange={(e) => {
                setPair(e.target.value);
                pick(parseLatLong(e.target.value));
              }}
              onBlur={() => setPair(formatLatLong(lat, lng))}
            />
            <Form.Text id={`${base}-pair-hint`} muted>
              {t('map.latLongHint')}
            </Form.Text>
          </Form.Group>
        </Col>
        <Col sm={6} md={3}>
          <NumberText id={`${base}-lat`} label={t('map.latitude')} value={lat} onValue={(n) => onChange({ geo_latitude: n })} />
        </Col>
        <Col sm={6} md={3}>
          <NumberText id={`${base}-lng`} label={t('map.longitude')} value={lng} onValue={(n) => onChange({ geo_longitude: n })} />
        </Col>
        <Col sm={6} md={3}>
          <Form.Group controlId={`${base}-zoom`}>
            <Form.Label>{t('map.zoom')}</Form.Label>
            <Form.Control
              type="number"
              min={MIN_ZOOM}
              max={MAX_ZOOM}
              step={1}
              value={value.geo_zoom}
              onChange={(e) => onChange({ geo_zoom: clampZoom(numberOrZero(e.target.value)) })}
            />
          </Form.Group>
        </Col>
        <Col sm={6} md={3}>
          <Form.Group controlId={`${base}-type`}>
            <Form.Label>{t('map.type')}</Form.Label>
            <Form.Select value={value.geo_map_type} onChange={(e) => onChange({ geo_map_type: e.target.value as MapType })}>
              {MAP_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`map.type_${type}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
      </Row>
      {value.geo_is_map_shown && (
        <>
          <p className="small text-body-secondary mb-2">{t('map.pickHint')}</p>
          <Suspense fallback={<PageLoading label={t('map.loading')} height={500} />}>
            <TaleMap
              latitude={lat}
              longitude={lng}
              zoom={value.geo_zoom}
              type={value.geo_map_type}
              header={header}
              onPick={pick}
              onZoomChange={(z) => onChange({ geo_zoom: clampZoom(z) })}
              onTypeChange={(type) => onChange({ geo_map_type: type })}
            />
          </Suspense>
        </>
      )}
    </fieldset>
  );
}

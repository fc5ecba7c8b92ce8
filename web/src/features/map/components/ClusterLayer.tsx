import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import L from 'leaflet';
import 'leaflet.markercluster';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { MapTale } from '@common/schemas/map';
import { markerIcon } from '../utils/markerIcon';
import { nearCopy } from '../utils/viewport';

export interface ClusterLayerProps {
  tales: MapTale[];
  /** A marker's accessible name (its header, or the start of its text). */
  nameOf: (tale: MapTale) => string;
  onSelect: (tale: MapTale) => void;
  /** Receives a function that brings one tale's marker into view (out of its cluster) and then calls back. */
  onReady?: (show: (id: number, then: () => void) => void) => void;
}

/**
 * The tales as markers, clustered (Leaflet.markercluster): near ones merge into a numbered circle
 * that opens when clicked or zoomed into. Markers are kept by tale across loads, so moving the map
 * adds and removes only what changed; each sits on the copy of the world the view is centred on.
 */
export function ClusterLayer({ tales, nameOf, onSelect, onReady }: ClusterLayerProps) {
  const map = useMap();
  const group = useRef<L.MarkerClusterGroup | null>(null);
  const markers = useRef(new Map<number, L.Marker>());
  const select = useRef(onSelect);
  select.current = onSelect;

  useEffect(() => {
    const g = L.markerClusterGroup({ showCoverageOnHover: false, chunkedLoading: true, maxClusterRadius: 60 });
    group.current = g;
    map.addLayer(g);
    onReady?.((id, then) => {
      const marker = markers.current.get(id);
      if (marker) g.zoomToShowLayer(marker, then);
      else then();
    });
    return () => {
      map.removeLayer(g);
      group.current = null;
      markers.current.clear();
    };
  }, [map, onReady]);

  useEffect(() => {
    const g = group.current;
    if (!g) return;
    const centre = map.getCenter().lng;
    const wanted = new Set(tales.map((t) => t.id));
    const gone: L.Marker[] = [];
    for (const [id, marker] of markers.current) {
      if (!wanted.has(id)) {
        gone.push(marker);
        markers.current.delete(id);
      }
    }
    g.removeLayers(gone);
    const added: L.Marker[] = [];
    for (const tale of tales) {
      const lng = nearCopy(tale.longitude, centre);
      const existing = markers.current.get(tale.id);
      if (existing) {
        if (existing.getLatLng().lng !== lng) existing.setLatLng([tale.latitude, lng]);
        continue;
      }
      const name = nameOf(tale);
      const marker = L.marker([tale.latitude, lng], { icon: markerIcon, title: name, alt: name, keyboard: true });
      marker.on('click', () => select.current(tale));
      // Leaflet's Enter on a focused marker opens only a popup bound to it: this one opens ours
      marker.on('keypress', (e: L.LeafletKeyboardEvent) => {
        if (e.originalEvent.key === 'Enter') select.current(tale);
      });
      markers.current.set(tale.id, marker);
      added.push(marker);
    }
    g.addLayers(added);
  }, [map, tales, nameOf]);

  return null;
}

import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import L from 'leaflet';
import 'leaflet.markercluster';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { MapTale } from '@common/schemas/map';
import { markerIcon } from '../utils/markerIcon';
import { nearCopy } from '../utils/viewport';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export interface ClusterLayerProps {
  tales: MapTale[];
  /** A cluster's accessible name, from how many tales it holds ("12 tales, zoom in"). */
  clusterName: (count: number) => string;
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
export function ClusterLayer({ tales, clusterName: nameOfCluster, nameOf, onSelect, onReady }: ClusterLayerProps) {
  const map = useMap();
  const group = useRef<L.MarkerClusterGroup | null>(null);
  const markers = useRef(new Map<number, L.Marker>());
  /** The tale each marker shows, as last loaded (a click opens what it says now). */
  const shown = useRef(new Map<number, MapTale>());
  const select = useRef(onSelect);
  select.current = onSelect;
  const clusterName = useRef(nameOfCluster);
  clusterName.current = nameOfCluster;

  useEffect(() => {
    const g = L.markerClusterGroup({
      showCoverageOnHover: false,
      chunkedLoading: true,
      maxClusterRadius: 60,
      // the plugin's own circle, with a name a screen reader can say ("12 tales, zoom in")
      iconCreateFunction: (cluster) => {
        const n = cluster.getChildCount();
        const size = n < 10 ? 'small' : n < 100 ? 'medium' : 'large';
        return L.divIcon({
          html: `<div><span aria-hidden="true">${n}</span><span class="visually-hidden">${escapeHtml(clusterName.current(n))}</span></div>`,
          className: `marker-cluster marker-cluster-${size}`,
          iconSize: L.point(40, 40),
        });
      },
    });
    g.on('clusterkeypress', (e: L.LeafletEvent & { layer?: L.MarkerCluster; originalEvent?: KeyboardEvent }) => {
      if (e.originalEvent?.key === 'Enter') e.layer?.zoomToBounds({ padding: [20, 20] });
    });
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
      shown.current.clear();
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
        shown.current.delete(id);
      }
    }
    g.removeLayers(gone);
    const added: L.Marker[] = [];
    for (const tale of tales) {
      const lng = nearCopy(tale.longitude, centre);
      const name = nameOf(tale);
      shown.current.set(tale.id, tale);
      const existing = markers.current.get(tale.id);
      if (existing) {
        if (existing.getLatLng().lng !== lng) existing.setLatLng([tale.latitude, lng]);
        if (existing.options.title !== name) {
          existing.options.title = name;
          existing.options.alt = name;
          const element = existing.getElement();
          element?.setAttribute('title', name);
          element?.setAttribute('alt', name);
        }
        continue;
      }
      const marker = L.marker([tale.latitude, lng], { icon: markerIcon, title: name, alt: name, keyboard: true });
      const open = () => {
        const now = shown.current.get(tale.id);
        if (now) select.current(now);
      };
      marker.on('click', open);
      // Leaflet's Enter on a focused marker opens only a popup bound to it: this one opens ours
      marker.on('keypress', (e: L.LeafletKeyboardEvent) => {
        if (e.originalEvent.key === 'Enter') open();
      });
      markers.current.set(tale.id, marker);
      added.push(marker);
    }
    g.addLayers(added);
  }, [map, tales, nameOf]);

  return null;
}

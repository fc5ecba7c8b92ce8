import L from 'leaflet';
import { type ReactNode, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useMap } from 'react-leaflet';

/**
 * A Leaflet control whose content is React: the control gives a container in the map's corner
 * and the children are rendered into it. Clicks and scrolls inside never reach the map, so a
 * button press does not also pick a point.
 */
export function MapControl({
  position,
  className = 'leaflet-bar',
  children,
}: {
  position: L.ControlPosition;
  className?: string;
  children: ReactNode;
}) {
  const map = useMap();
  const [container, setContainer] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const control = new L.Control({ position });
    control.onAdd = () => {
      const div = L.DomUtil.create('div', `${className} leaflet-control`);
      L.DomEvent.disableClickPropagation(div);
      L.DomEvent.disableScrollPropagation(div);
      return div;
    };
    control.addTo(map);
    setContainer(control.getContainer() ?? null);
    return () => {
      control.remove();
      setContainer(null);
    };
  }, [map, position, className]);
  return container ? createPortal(children, container) : null;
}

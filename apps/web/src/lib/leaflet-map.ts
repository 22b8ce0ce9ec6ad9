import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, type CSSProperties, type RefObject } from 'react';
import { escapeHtml } from './escape-html';

/**
 * The map container's own look: a plain coordinate grid under the tiles, so a map still shows
 * where things are (and can be tapped) when the tile server cannot be reached.
 */
export const MAP_BACKDROP: CSSProperties = {
  position: 'absolute',
  inset: 0,
  backgroundColor: '#eef2f5',
  backgroundImage: 'linear-gradient(#cfd8dc 1px, transparent 1px), linear-gradient(90deg, #cfd8dc 1px, transparent 1px)',
  backgroundSize: '40px 40px',
};

interface LeafletMapOptions {
  /** Builds the map in the container, once per mount (options, first view, layers, handlers). */
  create: (container: HTMLDivElement) => L.Map;
  /** Called after the map is removed, to drop what `create` kept. */
  onRemove?: () => void;
  /** An XYZ tile template from the server's config (it may answer after the map exists), or null for the grid only. */
  tileUrl: string | null;
  tileAttribution: string;
}

/**
 * A Leaflet map in `containerRef`'s element: built once when it mounts, with Leaflet's credit
 * and the configured tiles, and removed when it unmounts. Later changes (markers, view) go
 * through the returned map.
 */
export function useLeafletMap(containerRef: RefObject<HTMLDivElement | null>, { create, onRemove, tileUrl, tileAttribution }: LeafletMapOptions) {
  const mapRef = useRef<L.Map | null>(null);
  const setup = useRef({ create, onRemove });
  useEffect(() => {
    setup.current = { create, onRemove };
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = setup.current.create(container);
    map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    mapRef.current = map;
    return () => {
      map.remove();
      mapRef.current = null;
      setup.current.onRemove?.();
    };
  }, [containerRef]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !tileUrl) return;
    const layer = L.tileLayer(tileUrl, { maxZoom: 19, attribution: escapeHtml(tileAttribution) }).addTo(map);
    return () => {
      layer.remove();
    };
  }, [tileUrl, tileAttribution]);

  return mapRef;
}

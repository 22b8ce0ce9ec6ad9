import type { LatLon } from '@saathi/shared';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { MAP_BACKDROP, useLeafletMap } from '../../../lib/leaflet-map';

export interface MapHandle {
  zoomIn: () => void;
  zoomOut: () => void;
  flyTo: (point: LatLon, zoom?: number) => void;
}

export interface LeafletMapProps {
  center: LatLon;
  zoom: number;
  picked: LatLon | null;
  onPick: (point: LatLon) => void;
  onReady: (handle: MapHandle) => void;
  /** An XYZ tile template, or null for the coordinate grid only. */
  tileUrl: string | null;
  tileAttribution: string;
  label: string;
}

/**
 * The Leaflet map of the Location Selector, in its own chunk. The container draws a plain
 * coordinate grid under the tiles, so the map stays usable (tap to pick, zoom) when the tile
 * server cannot be reached.
 */
export function LeafletMap({ center, zoom, picked, onPick, onReady, tileUrl, tileAttribution, label }: LeafletMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const markerRef = useRef<L.CircleMarker | null>(null);
  const onPickRef = useRef(onPick);
  const onReadyRef = useRef(onReady);

  useEffect(() => {
    onPickRef.current = onPick;
    onReadyRef.current = onReady;
  });

  // Created once per mount: centre/zoom changes afterwards go through the handle.
  const mapRef = useLeafletMap(containerRef, {
    create: (container) => {
      const map = L.map(container, { zoomControl: false, attributionControl: true }).setView([center.latitude, center.longitude], zoom);
      map.on('click', (event: L.LeafletMouseEvent) => onPickRef.current({ latitude: event.latlng.lat, longitude: event.latlng.lng }));
      onReadyRef.current({
        zoomIn: () => map.zoomIn(),
        zoomOut: () => map.zoomOut(),
        flyTo: (point, targetZoom) => map.setView([point.latitude, point.longitude], targetZoom ?? map.getZoom()),
      });
      return map;
    },
    onRemove: () => {
      markerRef.current = null;
    },
    tileUrl,
    tileAttribution,
  });

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (!picked) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    const at: L.LatLngExpression = [picked.latitude, picked.longitude];
    if (markerRef.current) markerRef.current.setLatLng(at);
    else markerRef.current = L.circleMarker(at, { radius: 10, color: '#c62828', weight: 3, fillColor: '#ef5350', fillOpacity: 0.8 }).addTo(map);
  }, [picked, mapRef]);

  return <div ref={containerRef} role="application" aria-label={label} data-testid="location-map" style={MAP_BACKDROP} />;
}

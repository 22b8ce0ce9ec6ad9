import type { LatLon } from '@saathi/shared';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';

/** Leaflet shows attributions as HTML; the configured credit is plain text. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

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
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.CircleMarker | null>(null);
  const onPickRef = useRef(onPick);
  const onReadyRef = useRef(onReady);

  useEffect(() => {
    onPickRef.current = onPick;
    onReadyRef.current = onReady;
  });

  // Created once per mount: centre/zoom changes afterwards go through the handle.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, { zoomControl: false, attributionControl: true }).setView([center.latitude, center.longitude], zoom);
    map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    map.on('click', (event: L.LeafletMouseEvent) => onPickRef.current({ latitude: event.latlng.lat, longitude: event.latlng.lng }));
    mapRef.current = map;
    onReadyRef.current({
      zoomIn: () => map.zoomIn(),
      zoomOut: () => map.zoomOut(),
      flyTo: (point, targetZoom) => map.setView([point.latitude, point.longitude], targetZoom ?? map.getZoom()),
    });
    return () => {
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the map is built once; later moves use the handle
  }, []);

  // The tile source comes from the server's config, which may answer after the map exists.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !tileUrl) return;
    const layer = L.tileLayer(tileUrl, { maxZoom: 19, attribution: escapeHtml(tileAttribution) }).addTo(map);
    return () => {
      layer.remove();
    };
  }, [tileUrl, tileAttribution]);

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
  }, [picked]);

  return (
    <div
      ref={containerRef}
      role="application"
      aria-label={label}
      data-testid="location-map"
      style={{
        position: 'absolute',
        inset: 0,
        backgroundColor: '#eef2f5',
        backgroundImage: 'linear-gradient(#cfd8dc 1px, transparent 1px), linear-gradient(90deg, #cfd8dc 1px, transparent 1px)',
        backgroundSize: '40px 40px',
      }}
    />
  );
}

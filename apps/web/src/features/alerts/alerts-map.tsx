import type { LatLon } from '@saathi/shared';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { escapeHtml } from '../../lib/escape-html';
import { MAP_BACKDROP, useLeafletMap } from '../../lib/leaflet-map';
import { MAP_TONES, ORIGIN_TONE, type MapTone } from './map-tones';

export interface MapAlert extends LatLon {
  id: number;
  /** The tooltip: category and status in words. */
  label: string;
  tone: MapTone;
}

export interface AlertsMapProps {
  origin: LatLon;
  alerts: readonly MapAlert[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** An XYZ tile template, or null for the coordinate grid only. */
  tileUrl: string | null;
  tileAttribution: string;
  label: string;
  originLabel: string;
}

const NEIGHBOURHOOD_ZOOM = 14;

/**
 * The alerts around a place on a Leaflet map, in its own chunk. Each alert is a circle at its
 * ~250 m privacy cell (never the reported point); the place the list is about is a pink dot. The
 * container draws a plain coordinate grid under the tiles, so the map still shows where things
 * are when the tile server cannot be reached. The list beside it says everything the map does.
 */
export function AlertsMap({ origin, alerts, selectedId, onSelect, tileUrl, tileAttribution, label, originLabel }: AlertsMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  const onSelectRef = useRef(onSelect);

  useEffect(() => {
    onSelectRef.current = onSelect;
  });

  const mapRef = useLeafletMap(containerRef, {
    // The page scrolls past the map: the wheel does not zoom it, and on a phone one finger scrolls
    // the page rather than dragging the map (two fingers still zoom it). The origin and alerts are
    // drawn by the effects below.
    create: (container) => {
      const map = L.map(container, { zoomControl: true, attributionControl: true, scrollWheelZoom: false, dragging: !L.Browser.mobile }).setView(
        [origin.latitude, origin.longitude],
        NEIGHBOURHOOD_ZOOM,
      );
      layerRef.current = L.layerGroup().addTo(map);
      return map;
    },
    onRemove: () => {
      layerRef.current = null;
    },
    tileUrl,
    tileAttribution,
  });

  useEffect(() => {
    const map = mapRef.current;
    const layer = layerRef.current;
    if (!map || !layer) return;
    layer.clearLayers();
    const here: L.LatLngExpression = [origin.latitude, origin.longitude];
    L.circleMarker(here, { radius: 7, weight: 3, fillOpacity: 1, ...ORIGIN_TONE })
      .bindTooltip(escapeHtml(originLabel))
      .addTo(layer);
    for (const alert of alerts) {
      const selected = alert.id === selectedId;
      L.circleMarker([alert.latitude, alert.longitude], { radius: selected ? 13 : 10, weight: selected ? 4 : 2, fillOpacity: 0.7, ...MAP_TONES[alert.tone] })
        .bindTooltip(escapeHtml(alert.label))
        .on('click', () => onSelectRef.current(alert.id))
        .addTo(layer);
    }
  }, [origin, alerts, selectedId, originLabel, mapRef]);

  // The view follows the place and the alerts around it, not a selection (that only grows its circle).
  const extent = [origin.latitude, origin.longitude, ...alerts.flatMap((alert) => [alert.latitude, alert.longitude])].join(',');
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const numbers = extent.split(',').map(Number);
    const points: L.LatLngTuple[] = [];
    for (let index = 0; index + 1 < numbers.length; index += 2) points.push([numbers[index] as number, numbers[index + 1] as number]);
    if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: 16 });
    else if (points[0]) map.setView(points[0], NEIGHBOURHOOD_ZOOM);
  }, [extent, mapRef]);

  return <div ref={containerRef} role="region" aria-label={label} data-testid="alerts-map" style={MAP_BACKDROP} />;
}

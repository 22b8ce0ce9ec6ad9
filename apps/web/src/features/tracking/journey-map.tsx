import type { LatLon } from '@saathi/shared';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { escapeHtml } from '../../lib/escape-html';
import { MAP_BACKDROP, useLeafletMap } from '../../lib/leaflet-map';
import { CURRENT_TONE, DESTINATION_TONE, PATH_TONE } from './journey-map-tones';

export interface JourneyMapProps {
  /** The track so far, oldest first. */
  path: readonly LatLon[];
  /** Where the person is now (the newest position). */
  current: LatLon;
  destination: LatLon;
  /** An XYZ tile template, or null for the coordinate grid only. */
  tileUrl: string | null;
  tileAttribution: string;
  label: string;
  currentLabel: string;
  destinationLabel: string;
}

const DOT = { fillOpacity: 1, weight: 3, radius: 9 };

/**
 * A journey on a Leaflet map, in its own chunk: the path so far, where the person is now (pink)
 * and the destination (green). The view fits all three until the reader moves the map. The
 * container draws a plain coordinate grid under the tiles, so the map still shows the path when
 * the tile server cannot be reached; the page beside it says everything in words.
 */
export function JourneyMap({ path, current, destination, tileUrl, tileAttribution, label, currentLabel, destinationLabel }: JourneyMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  const movedByReader = useRef(false);

  const mapRef = useLeafletMap(containerRef, {
    // The page scrolls past the map: the wheel does not zoom it, and on a phone one finger scrolls the page.
    create: (container) => {
      const map = L.map(container, { zoomControl: true, attributionControl: true, scrollWheelZoom: false, dragging: !L.Browser.mobile });
      map.fitBounds(L.latLngBounds([current.latitude, current.longitude], [destination.latitude, destination.longitude]).pad(0.2), { maxZoom: 17 });
      map.on('dragstart zoomstart', (event: L.LeafletEvent) => {
        // Zooms the page makes itself (fitBounds) carry no original event.
        if ((event as L.LeafletEvent & { originalEvent?: Event }).originalEvent || event.type === 'dragstart') movedByReader.current = true;
      });
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
    const line: L.LatLngExpression[] = path.map((point) => [point.latitude, point.longitude]);
    line.push([current.latitude, current.longitude]);
    if (line.length > 1) L.polyline(line, PATH_TONE).addTo(layer);
    L.circleMarker([destination.latitude, destination.longitude], { ...DOT, ...DESTINATION_TONE })
      .bindTooltip(escapeHtml(destinationLabel))
      .addTo(layer);
    L.circleMarker([current.latitude, current.longitude], { ...DOT, ...CURRENT_TONE })
      .bindTooltip(escapeHtml(currentLabel))
      .addTo(layer);
    if (!movedByReader.current) {
      map.fitBounds(L.latLngBounds([...line, [destination.latitude, destination.longitude]]).pad(0.2), { maxZoom: 17, animate: false });
    }
  }, [path, current, destination, currentLabel, destinationLabel, mapRef]);

  return <div ref={containerRef} role="region" aria-label={label} data-testid="journey-map" style={MAP_BACKDROP} />;
}

/**
 * The server's map tile defaults (GET /api/config/public), for when it cannot be asked.
 * Kept apart from leaflet-map.tsx so the dialog can use them without loading Leaflet.
 */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

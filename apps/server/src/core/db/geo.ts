import { sql, type RawBuilder } from 'kysely';
import type { LatLon } from '@saathi/shared';

/**
 * The one `geography(Point)` constructor: WGS 84 degrees, PostGIS takes longitude first.
 * Usable as an insert value and inside `sql` templates.
 */
export function geoPoint({ latitude, longitude }: LatLon): RawBuilder<string> {
  return sql<string>`ST_SetSRID(ST_MakePoint(${longitude}::float8, ${latitude}::float8), 4326)::geography`;
}

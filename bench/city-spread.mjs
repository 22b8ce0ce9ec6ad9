import { sql } from 'kysely';

/**
 * The `placed` step of a bulk seed's WITH query, for people spread around cities. Each row of
 * `base` (uniform randoms r_city, u1 and u2 in [0, 1)) gets `idx`, the 1-based city its r_city
 * falls in (`upTo`: the cities' cumulative weights, ending at 1), and `zx`, `zy`, a normal
 * offset around that city's centre (Box-Muller), to scale by the city's spread.
 */
export function placedAroundCities(upTo) {
  return sql`placed AS (
    SELECT b.*, coalesce(c.idx, 1) AS idx,
           sqrt(-2 * ln(greatest(b.u1, 1e-12))) * cos(2 * pi() * b.u2) AS zx,
           sqrt(-2 * ln(greatest(b.u1, 1e-12))) * sin(2 * pi() * b.u2) AS zy
    FROM base b
    CROSS JOIN LATERAL (
      SELECT min(k) AS idx FROM unnest(${upTo}::float8[]) WITH ORDINALITY AS t(p, k) WHERE t.p >= b.r_city
    ) c
  )`;
}

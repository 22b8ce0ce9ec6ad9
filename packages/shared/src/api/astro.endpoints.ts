import { AskBody, AskResponse, AstroChart, AstroChartList, CreateChartBody, Panchang, PanchangQuery } from '../schemas/astro';
import { DeletedResponse } from '../schemas/community';
import { defineEndpoints } from './endpoint';

/**
 * The astrology assistant (issue #18): birth charts private to their owner, the day's
 * panchang at a place, and questions answered from a chart. Behind ASTRO_AI_ENABLED: when it
 * is off every call answers 404 `not_found` (and `GET /config/public` says `features.astroAi: false`).
 */
export const astroEndpoints = defineEndpoints('astro', {
  'POST /astro/charts': {
    summary: 'Compute and keep a birth chart (sidereal, Lahiri ayanamsa) from birth details',
    body: CreateChartBody,
    responses: { 201: AstroChart },
    errors: ['not_found', 'conflict'],
  },
  'GET /astro/charts': {
    summary: "The caller's charts, newest first",
    responses: { 200: AstroChartList },
    errors: ['not_found'],
  },
  'GET /astro/charts/:id': {
    summary: 'One of the caller’s charts (another user’s is 404)',
    responses: { 200: AstroChart },
    errors: ['not_found'],
  },
  'DELETE /astro/charts/:id': {
    summary: 'Delete one of the caller’s charts',
    responses: { 200: DeletedResponse },
    errors: ['not_found'],
  },
  'GET /astro/panchang': {
    summary: "The day's panchang at a place: sunrise, sunset, vara, tithi, nakshatra, yoga and karana with their end times",
    query: PanchangQuery,
    responses: { 200: Panchang },
    errors: ['not_found'],
  },
  'POST /astro/charts/:id/ask': {
    summary: 'Ask the assistant about a chart, in the asker’s language (30 questions per hour)',
    body: AskBody,
    responses: { 200: AskResponse },
    errors: ['not_found', 'astro_question_limit'],
  },
});

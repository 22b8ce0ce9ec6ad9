import { AskBody, AskResponse, AstroChart, AstroChartList, CreateChartBody, Panchang, PanchangQuery } from '../schemas/astro';
import { DeletedResponse } from '../schemas/community';
import { created, defineEndpoints, ok } from './endpoint';

/**
 * The astrology assistant (issue #18): birth charts private to their owner, the day's
 * panchang at a place, and questions answered from a chart. Behind ASTRO_AI_ENABLED: when it
 * is off every call answers 404 `not_found` (and `GET /config/public` says `features.astroAi: false`).
 */
export const astroEndpoints = defineEndpoints('astro', {
  'POST /astro/charts': created(AstroChart, { body: CreateChartBody, errors: ['not_found', 'conflict'] }).summary(
    'Compute and keep a birth chart (sidereal, Lahiri ayanamsa) from birth details',
  ),
  'GET /astro/charts': ok(AstroChartList, { errors: ['not_found'] }).summary("The caller's charts, newest first"),
  'GET /astro/charts/:id': ok(AstroChart, { errors: ['not_found'] }).summary('One of the caller’s charts (another user’s is 404)'),
  'DELETE /astro/charts/:id': ok(DeletedResponse, { errors: ['not_found'] }).summary('Delete one of the caller’s charts'),
  'GET /astro/panchang': ok(Panchang, { query: PanchangQuery, errors: ['not_found'] }).summary(
    "The day's panchang at a place: sunrise, sunset, vara, tithi, nakshatra, yoga and karana with their end times",
  ),
  'POST /astro/charts/:id/ask': ok(AskResponse, { body: AskBody, errors: ['not_found', 'astro_question_limit'] }).summary(
    'Ask the assistant about a chart, in the asker’s language (30 questions per hour)',
  ),
});

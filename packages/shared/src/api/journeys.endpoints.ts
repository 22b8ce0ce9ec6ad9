import {
  CurrentJourney,
  JourneyArriveBody,
  JourneyArrived,
  JourneyExtendBody,
  JourneyOk,
  JourneyOkBody,
  JourneyPositionsAnswer,
  JourneyPositionsBody,
  JourneyStarted,
  JourneyView,
  StartJourneyBody,
} from '../schemas/journeys';
import { defineEndpoints } from './endpoint';

/** Journeys ("walk me home"): a safety timer with a destination and a track the chosen contacts watch. */
export const journeysEndpoints = defineEndpoints('journeys', {
  'POST /journeys': {
    priority: 'sos',
    summary: 'Start a journey to a destination; the contacts get the tracking link, and the server escalates when it goes wrong',
    body: StartJourneyBody,
    responses: { 201: JourneyStarted },
    errors: ['safety_pins_not_set', 'journey_running'],
  },
  'GET /journeys/current': {
    priority: 'sos',
    summary: "The caller's newest journey (active or arrived), or null",
    responses: { 200: CurrentJourney },
  },
  'POST /journeys/:id/positions': {
    priority: 'sos',
    summary: 'Points of the track, batched as the phone sends them (at most one kept per 10 s; repeats and late points are fine)',
    body: JourneyPositionsBody,
    responses: { 200: JourneyPositionsAnswer },
    errors: ['journey_not_found'],
  },
  'POST /journeys/:id/arrive': {
    priority: 'sos',
    summary: 'End the journey with a PIN (the answer is the same for the safety and the duress PIN)',
    body: JourneyArriveBody,
    responses: { 200: JourneyArrived },
    errors: ['journey_not_found', 'journey_ended', 'safety_pin_wrong', 'safety_pins_not_set'],
  },
  'POST /journeys/:id/ok': {
    priority: 'sos',
    summary: 'Answer "Are you OK?" with a PIN and go on (the answer is the same for the safety and the duress PIN)',
    body: JourneyOkBody,
    responses: { 200: JourneyOk },
    errors: ['journey_not_found', 'journey_ended', 'safety_pin_wrong', 'safety_pins_not_set'],
  },
  'POST /journeys/:id/extend': {
    priority: 'sos',
    summary: 'Move the expected arrival by 5 to 30 minutes, at most 60 minutes in all',
    body: JourneyExtendBody,
    responses: { 200: JourneyView },
    errors: ['journey_not_found', 'journey_ended', 'safety_timer_extension_limit'],
  },
});

import { z } from 'zod';
import {
  CurrentSafetyTimer,
  SafetyPinsBody,
  SafetyPinsStatus,
  SafetyTimerContacts,
  SafetyTimerCheckedIn,
  SafetyTimerCheckInBody,
  SafetyTimerExtendBody,
  SafetyTimerLocation,
  SafetyTimerStarted,
  SafetyTimerView,
  StartSafetyTimerBody,
} from '../schemas/safety-timer';
import { defineEndpoints } from './endpoint';

/** The safety timer ("walk me home") and its two PINs. */
export const safetyTimerEndpoints = defineEndpoints('safety-timer', {
  'GET /users/me/safety-pins': {
    summary: 'Whether the caller has set a safety PIN and a duress PIN (never the PINs)',
    responses: { 200: SafetyPinsStatus },
  },
  'PUT /users/me/safety-pins': {
    summary: 'Set the safety PIN and the duress PIN (4 to 6 digits each, different); stored as slow hashes, never returned',
    body: SafetyPinsBody,
    responses: { 204: z.null() },
  },
  'POST /safety-timers': {
    priority: 'sos',
    summary: 'Start a safety timer; the server escalates when nobody checks in (reminder, "Are you OK?", contacts, SOS)',
    body: StartSafetyTimerBody,
    responses: { 201: SafetyTimerStarted },
    errors: ['safety_pins_not_set', 'safety_timer_running'],
  },
  'GET /safety-timers/contacts': {
    summary: "The caller's emergency contacts with their ids, to choose whom a timer alerts",
    responses: { 200: SafetyTimerContacts },
  },
  'GET /safety-timers/current': {
    priority: 'sos',
    summary: "The caller's newest safety timer (running or ended), or null",
    responses: { 200: CurrentSafetyTimer },
  },
  'POST /safety-timers/:id/check-in': {
    priority: 'sos',
    summary: 'End the timer with a PIN (the answer is the same for the safety and the duress PIN)',
    body: SafetyTimerCheckInBody,
    responses: { 200: SafetyTimerCheckedIn },
    errors: ['safety_timer_not_found', 'safety_timer_ended', 'safety_pin_wrong'],
  },
  'POST /safety-timers/:id/extend': {
    priority: 'sos',
    summary: 'Add 5 to 30 minutes to a running timer, at most 60 minutes in all',
    body: SafetyTimerExtendBody,
    responses: { 200: SafetyTimerView },
    errors: ['safety_timer_not_found', 'safety_timer_ended', 'safety_timer_extension_limit'],
  },
  'POST /safety-timers/:id/location': {
    priority: 'sos',
    summary: "The phone's position while the timer runs (the contacts' live-tracking link shows it)",
    body: SafetyTimerLocation,
    responses: { 204: z.null() },
    errors: ['safety_timer_not_found'],
  },
});

import { bearer, type TestApp } from './build';
import { addContact, freshPlace, makeVolunteer, offset, type LatLon } from './sos-fixtures';

export const SAFETY_PIN = '4821';
export const DURESS_PIN = '7305';
export const MINUTE = 60_000;

/** The app's settings for these tests: cheap PIN hashes (the cost is the production one's business, not the rules'). */
export const SAFETY_TIMER_TEST_ENV = { SAFETY_PIN_HASH_COST: '10', PUBLIC_URL: 'https://saathi.example' };

export const send = (t: TestApp, token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

export interface TimerOwner {
  id: number;
  token: string;
  place: LatLon;
  contactPhone: string;
  contactId: number;
}

let phoneSeed = 0;
/** A fresh 10-digit Indian mobile number for a contact, unique in this process. */
export const contactPhone = () => `97${String(process.pid % 1000).padStart(3, '0')}${String(++phoneSeed).padStart(5, '0')}`;

/** A signed-in user with PINs set and one emergency contact who does not use the app. */
export async function timerOwner(t: TestApp, name = 'Meera Joshi'): Promise<TimerOwner> {
  const user = await t.factory.user({ name });
  const token = await t.loginAs(user);
  const phone = contactPhone();
  await addContact(t, user.id, { name: 'Didi', phoneNumber: phone });
  const contact = await t.db.selectFrom('emergency_contacts').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
  const pins = await send(t, token, 'PUT', '/api/users/me/safety-pins', { safetyPin: SAFETY_PIN, duressPin: DURESS_PIN });
  if (pins.statusCode !== 204) throw new Error(`setting PINs answered ${pins.statusCode}`);
  return { id: user.id, token, place: freshPlace(), contactPhone: phone, contactId: contact.id };
}

export async function startTimer(t: TestApp, owner: TimerOwner, body: object = {}): Promise<number> {
  const res = await send(t, owner.token, 'POST', '/api/safety-timers', { durationMinutes: 30, location: { ...owner.place, accuracy: 12 }, ...body });
  if (res.statusCode !== 201) throw new Error(`starting a timer answered ${res.statusCode}: ${res.body}`);
  return res.json<{ id: number }>().id;
}

export const smsTo = (t: TestApp, phone: string) => t.sms.messages.filter((m) => m.to === phone).map((m) => m.text);

/** The token of the newest tracking link sent to `phone`. */
export function linkTokenSentTo(t: TestApp, phone: string): string | undefined {
  const texts = smsTo(t, phone);
  return /\bsaathi\.example\/t\/([A-Za-z0-9]{12})\b/.exec(texts.at(-1) ?? '')?.[1];
}

export const notificationsOf = (t: TestApp, userId: number) =>
  t.db.selectFrom('notifications').select(['type', 'title', 'body', 'data']).where('user_id', '=', userId).orderBy('id').execute();

/** A volunteer 300 m from `place`, available, who an SOS raised there reaches first. */
export const volunteerNear = (t: TestApp, place: LatLon) => makeVolunteer(t, { at: offset(place, 300), name: 'Kavita Rao' });

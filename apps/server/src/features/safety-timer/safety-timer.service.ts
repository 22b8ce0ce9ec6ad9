import { SAFETY_TIMER_LIMITS, type SafetyTimerView } from '@saathi/shared';
import type { CurrentSafetyTimer, SafetyTimerLocation, StartSafetyTimerBody } from '@saathi/shared';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../core/db/schema';
import type { Clock } from '../../core/clock';
import { ConflictError, NotFoundError, ValidationError } from '../../core/errors';
import {
  answeredMessage,
  endedMessage,
  escalationMessages,
  LINK_AFTER_END_MS,
  silentAlertMessage,
  startedMessage,
  type StageOffsets,
} from './safety-timer-delivery';
import type { SafetyTimerRepository, TimerRecord } from './safety-timer.repository';
import { hashPin, pinMatches } from './safety-pins';

export interface SafetyTimerServiceDeps {
  timers: SafetyTimerRepository;
  clock: Clock;
  offsets: StageOffsets;
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/**
 * What the owner sees: an ended timer says `ended` and nothing of how (a duress check-in must
 * look like a safe one). `contactSms`: the contacts' SMS of a running timer that ran out.
 */
export function toTimerView(timer: TimerRecord, contactSms: SafetyTimerView['contactSms'] = []): SafetyTimerView {
  const running = timer.status === 'running';
  return {
    id: timer.id,
    status: timer.status,
    stage: running ? timer.stage : 'ended',
    startedAt: timer.startedAt.toISOString(),
    dueAt: timer.dueAt.toISOString(),
    endedAt: timer.endedAt?.toISOString() ?? null,
    destination: timer.destination,
    contactIds: timer.contactIds,
    contactsOnly: timer.contactsOnly,
    journey: timer.kind === 'journey',
    extendedMinutes: timer.extendedMinutes,
    extendableMinutes: running ? SAFETY_TIMER_LIMITS.extendTotalMinutes - timer.extendedMinutes : 0,
    contactSms: running ? contactSms : [],
  };
}

export function createSafetyTimerService({ timers, clock, offsets }: SafetyTimerServiceDeps) {
  async function ownTimer(userId: number, timerId: number): Promise<TimerRecord> {
    const timer = await timers.find(timerId);
    // Someone else's timer is answered like one that does not exist.
    if (!timer || timer.userId !== userId) throw new NotFoundError('Safety timer not found', 'safety_timer_not_found');
    return timer;
  }

  /**
   * Whether the SMS of a timer that ran out reached each contact, so the owner can call whoever
   * it did not. Only the overdue alert's SMS, and only while the timer runs: a silent alert ends
   * the timer on screen and must leave no trace there.
   */
  async function viewOf(timer: TimerRecord): Promise<SafetyTimerView> {
    const alerted = timer.status === 'running' && (timer.stage === 'contacts_alerted' || timer.stage === 'sos_raised');
    if (!alerted) return toTimerView(timer);
    const [texts, contacts] = await Promise.all([timers.overdueSms(timer.id), timers.contactsOfMany([timer])]);
    const nameOf = new Map((contacts.get(timer.id) ?? []).map((c) => [c.phone, c.name]));
    return toTimerView(
      timer,
      texts.map((t) => ({ name: nameOf.get(t.phone) ?? t.phone, phoneNumber: t.phone, sms: { status: t.status, updatedAt: t.updatedAt.toISOString() } })),
    );
  }

  /**
   * Both hashes, checked every time (two scrypt runs, whichever matches): the time taken does not
   * tell the PINs apart. A wrong one counts; the fifth alerts the contacts silently.
   */
  async function matchPin(userId: number, timerId: number, pin: string): Promise<{ duress: boolean; now: Date }> {
    const hashes = await timers.pinHashes(userId);
    if (!hashes) throw new ConflictError('Set a safety PIN and a duress PIN first', undefined, 'safety_pins_not_set');
    const [safe, duress] = await Promise.all([pinMatches(pin, hashes.safety), pinMatches(pin, hashes.duress)]);
    const now = clock();
    if (!safe && !duress) {
      const wrong = await timers.countWrongPin(timerId);
      if (wrong === SAFETY_TIMER_LIMITS.wrongPinsBeforeAlert) {
        await timers.transaction(async (trx) => {
          if (await timers.markSilentAlert(trx, timerId, now)) await timers.enqueue([silentAlertMessage(timerId, now)], trx);
        });
      }
      throw new ValidationError('That PIN is not right', 'pin', 'safety_pin_wrong');
    }
    return { duress, now };
  }

  const timerEnded = () => new ConflictError('This safety timer has ended', undefined, 'safety_timer_ended');

  return {
    async pinsStatus(userId: number): Promise<{ set: boolean }> {
      return { set: (await timers.pinHashes(userId)) !== undefined };
    },

    async setPins(userId: number, safetyPin: string, duressPin: string): Promise<void> {
      const [safety, duress] = await Promise.all([hashPin(safetyPin, offsets.pinHashCost), hashPin(duressPin, offsets.pinHashCost)]);
      await timers.savePins(userId, safety, duress, clock());
    },

    /**
     * Starts a timer. A journey (features/journeys) starts one too, with `journey`: its own end
     * (the expected arrival plus the grace) and its own rows, written in the timer's transaction.
     */
    async start(
      userId: number,
      input: z.output<typeof StartSafetyTimerBody>,
      journey?: { dueAt: Date; write: (trx: Transaction<Database>, timerId: number) => Promise<void> },
    ): Promise<{ id: number; dueAt: string; status: 'running' }> {
      if (!(await timers.pinHashes(userId))) throw new ConflictError('Set a safety PIN and a duress PIN first', undefined, 'safety_pins_not_set');
      const contactIds = input.contactIds ? [...new Set(input.contactIds)] : null;
      const chosen = contactIds ? await timers.contactsList(userId, contactIds) : null;
      if (contactIds && chosen?.length !== contactIds.length) throw new ValidationError('contactIds must be your own emergency contacts', 'contactIds');
      const now = clock();
      const dueAt = journey?.dueAt ?? new Date(now.getTime() + input.durationMinutes * offsets.minuteMs);
      try {
        const id = await timers.transaction(async (trx) => {
          if (await timers.hasRunning(trx, userId)) throw runningConflict();
          const id = await timers.insertTimer(trx, {
            kind: journey ? 'journey' : 'timer',
            userId,
            durationMinutes: input.durationMinutes,
            destination: input.destination ?? null,
            contactIds,
            chosenContacts: chosen?.map((c) => ({ name: c.name, phone: c.phoneNumber })) ?? null,
            contactsOnly: input.contactsOnly,
            startedAt: now,
            dueAt,
            location: input.location
              ? { latitude: input.location.latitude, longitude: input.location.longitude, accuracy: input.location.accuracy ?? null }
              : null,
          });
          // The whole escalation is written with the timer: if this commits, the server holds it.
          await timers.enqueue(
            escalationMessages({ id, contactsOnly: input.contactsOnly, contactsAlertedAt: null, sosEventId: null }, dueAt, now, offsets),
            trx,
          );
          if (journey) {
            await journey.write(trx, id);
            // The contacts of a journey hear of it at once, with the live link.
            await timers.enqueue([startedMessage(id, now)], trx);
          }
          return id;
        });
        return { id, dueAt: dueAt.toISOString(), status: 'running' };
      } catch (error) {
        // Two starts at the same instant: the "one running per user" index picked one.
        if (isUniqueViolation(error)) throw runningConflict();
        throw error;
      }
    },

    contacts: (userId: number) => timers.contactsList(userId),

    async current(userId: number): Promise<CurrentSafetyTimer> {
      const timer = await timers.newestOf(userId);
      return { timer: timer ? await viewOf(timer) : null };
    },

    /**
     * Both PINs are checked every time (two scrypt runs, whichever matches), and both endings
     * write the same row change and the same outbox job: the answer, its headers and its time
     * do not tell a duress check-in from a safe one. The handler of the job tells them apart.
     */
    async checkIn(userId: number, timerId: number, pin: string): Promise<{ status: 'ended' }> {
      const timer = await ownTimer(userId, timerId);
      if (timer.status !== 'running') throw timerEnded();
      const { duress, now } = await matchPin(userId, timerId, pin);
      await timers.transaction(async (trx) => {
        if (!(await timers.end(trx, timerId, duress ? 'duress' : 'safe', now))) throw timerEnded();
        await timers.enqueue([endedMessage(timerId, now)], trx);
      });
      return { status: 'ended' };
    },

    /**
     * A journey that came near its destination and left "Arrived?" unanswered ends as a safe
     * check-in would (the contacts hear "arrived safely"); false when it had already ended.
     */
    async endArrived(timerId: number): Promise<boolean> {
      const now = clock();
      return timers.transaction(async (trx) => {
        if (!(await timers.end(trx, timerId, 'safe', now))) return false;
        await timers.enqueue([endedMessage(timerId, now)], trx);
        return true;
      });
    },

    /**
     * "I'm OK, go on" with a PIN while the timer runs (a journey's "Are you OK?"). As at a
     * check-in, both hashes are checked every time and both PINs write the same statements and
     * the same outbox job (`answered`: it alerts the contacts silently after a duress PIN);
     * `answer` writes the journey's own change in that transaction.
     */
    async confirmOk(userId: number, timerId: number, pin: string, answer: (trx: Transaction<Database>, now: Date) => Promise<void>): Promise<void> {
      const timer = await ownTimer(userId, timerId);
      if (timer.status !== 'running') throw timerEnded();
      const { duress, now } = await matchPin(userId, timerId, pin);
      await timers.transaction(async (trx) => {
        await timers.markSilentAlertIf(trx, timerId, duress, now);
        await answer(trx, now);
        await timers.enqueue([answeredMessage(timerId, now)], trx);
      });
    },

    /** A journey's timer moves the journey's expected arrival by as much as its end, in the same transaction (from either screen). */
    async extend(userId: number, timerId: number, minutes: number): Promise<SafetyTimerView> {
      const now = clock();
      await timers.transaction(async (trx) => {
        const timer = await timers.find(timerId, trx, true);
        if (!timer || timer.userId !== userId) throw new NotFoundError('Safety timer not found', 'safety_timer_not_found');
        if (timer.status !== 'running') throw timerEnded();
        const left = SAFETY_TIMER_LIMITS.extendTotalMinutes - timer.extendedMinutes;
        if (minutes > left) {
          throw new ConflictError(
            `A timer can be extended by ${SAFETY_TIMER_LIMITS.extendTotalMinutes} minutes in all; ${left} left`,
            'minutes',
            'safety_timer_extension_limit',
            {
              minutes: left,
            },
          );
        }
        // An overdue timer gets its minutes from now, not from the end that already passed.
        const dueAt = new Date(Math.max(timer.dueAt.getTime(), now.getTime()) + minutes * offsets.minuteMs);
        const alerted = timer.stage === 'contacts_alerted' || timer.stage === 'sos_raised';
        await timers.extend(trx, timerId, dueAt, timer.extendedMinutes + minutes, alerted ? timer.stage : 'running');
        await timers.enqueue(escalationMessages(timer, dueAt, now, offsets), trx);
        await timers.setLinksExpiry(trx, timerId, new Date(dueAt.getTime() + LINK_AFTER_END_MS));
        if (timer.kind === 'journey') await timers.moveJourneyArrival(trx, timerId, dueAt.getTime() - timer.dueAt.getTime());
      });
      return viewOf(await ownTimer(userId, timerId));
    },

    /**
     * The newest position for the contacts' link. A timer that ended by duress keeps taking
     * positions (its contacts are following it); any other ended one answers the same and keeps nothing.
     */
    async recordLocation(userId: number, timerId: number, location: SafetyTimerLocation): Promise<void> {
      const timer = await ownTimer(userId, timerId);
      if (timer.status === 'running' || timer.endReason === 'duress') {
        await timers.recordLocation(timerId, { latitude: location.latitude, longitude: location.longitude, accuracy: location.accuracy ?? null }, clock());
      }
    },
  };
}

function runningConflict() {
  return new ConflictError('A safety timer is already running', undefined, 'safety_timer_running');
}

export type SafetyTimerService = ReturnType<typeof createSafetyTimerService>;

import type { Transaction } from 'kysely';
import {
  LIMITS,
  LOCAL_ALERT_LIMITS,
  RESPONDER_PROFESSIONS,
  ageInYears,
  hasRole,
  indiaDate,
  nextIndiaMidnight,
  refusedAlertText,
  type AlertReported,
  type AlertSettings,
  type LatLon,
  type LocalAlert,
  type LocalAlertCategory,
  type NearbyAlert,
  type ReportAlertBody,
  type ResponderProfession,
  type Role,
} from '@saathi/shared';
import { recordAudit } from '../../core/audit';
import type { Clock } from '../../core/clock';
import type { Database } from '../../core/db/schema';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, UnauthorizedError, ValidationError } from '../../core/errors';
import { allClearMessage, expireMessage, fanoutMessage } from './alerts-delivery';
import type { AlertRecord, AlertsRepository, CallerRecord } from './alerts.repository';

/** The nearby list shows at most this many alerts, the nearest. */
export const NEARBY_MAX = 100;

export interface AlertsServiceDeps {
  alerts: AlertsRepository;
  clock: Clock;
  radiiM: Record<LocalAlertCategory, number>;
  /** Wakes the outbox after a job was written (fan-out, all-clear). */
  kick: () => void;
}

/** Who may act on alerts: moderators (and admins) and verified responders, by role. */
interface Caller {
  id: number;
  record: CallerRecord;
  moderator: boolean;
  responder: ResponderProfession | null;
}

const isProfession = (value: string | null): value is ResponderProfession => (RESPONDER_PROFESSIONS as readonly string[]).includes(value ?? '');
const ACTIVE = new Set(['unverified', 'verified', 'corroborated']);

export function createAlertsService({ alerts, clock, radiiM, kick }: AlertsServiceDeps) {
  /** A moderator's or responder's verify or resolve, in the audit log with the alert's status before and after. */
  async function audit(
    trx: Transaction<Database>,
    step: { userId: number; caller: Caller; action: 'local_alert_verify' | 'local_alert_resolve'; id: number; from: string; to: string; as: string; now: Date },
  ): Promise<void> {
    await recordAudit(trx, {
      actor: { id: step.userId, roles: step.caller.record.roles as Role[] },
      action: step.action,
      target: { type: 'local_alert', id: step.id },
      before: { status: step.from },
      after: { status: step.to, as: step.as },
      at: step.now,
    });
  }

  async function callerOf(userId: number, now: Date): Promise<Caller> {
    const record = await alerts.caller(userId, now);
    if (!record) throw new UnauthorizedError();
    return {
      id: userId,
      record,
      moderator: hasRole(record.roles as Role[], 'moderator'),
      responder: isProfession(record.verifiedProfession) ? record.verifiedProfession : null,
    };
  }

  /** What anyone sees: the cell, the role of who verified it, never who reported it. */
  function toView(a: AlertRecord, caller: Caller, now: Date): LocalAlert {
    const active = ACTIVE.has(a.status);
    const verifier = caller.moderator || caller.responder !== null;
    return {
      id: a.id,
      category: a.category,
      status: a.status,
      latitude: a.cellLatitude,
      longitude: a.cellLongitude,
      text: a.text,
      reports: a.reporters,
      verifierRole: a.verifierRole,
      verifierProfession: a.verifierRole === 'responder' && isProfession(a.verifierProfession) ? a.verifierProfession : null,
      createdAt: a.createdAt.toISOString(),
      ageMinutes: Math.max(0, Math.floor((now.getTime() - a.createdAt.getTime()) / 60_000)),
      verifiedAt: a.verifiedAt?.toISOString() ?? null,
      resolvedAt: a.resolvedAt?.toISOString() ?? null,
      expiresAt: a.expiresAt.toISOString(),
      pushRadiusM: radiiM[a.category],
      reportedByMe: a.reportedByCaller,
      canVerify: active && verifier && !a.reportedByCaller && a.status !== 'verified',
      canResolve: active && (verifier || a.openedByCaller),
    };
  }

  async function found(id: number, caller: Caller, now: Date): Promise<AlertRecord> {
    const a = await alerts.find(id, caller.id, now);
    if (!a) throw new NotFoundError('Alert not found', 'alert_not_found');
    return a;
  }

  async function settings(userId: number): Promise<AlertSettings> {
    const saved = await alerts.settings(userId);
    return { categories: saved?.categories ?? [], locationUpdatedAt: saved?.locationAt?.toISOString() ?? null, radiiM: { ...radiiM } };
  }

  const closed = () => new ConflictError('This alert is already over', undefined, 'alert_closed');

  return {
    async report(userId: number, body: ReportAlertBody): Promise<AlertReported> {
      const now = clock();
      const caller = await callerOf(userId, now);
      if (!caller.record.dob || ageInYears(caller.record.dob, now) < LIMITS.adultAgeYears) {
        throw new ForbiddenError('Only adults can report local alerts', 'alert_adults_only', { age: LIMITS.adultAgeYears });
      }
      const refused = refusedAlertText(body.text);
      if (refused) {
        throw new ValidationError(
          `Describe what is happening, not who: the text mentions a person's ${refused.topic} ("${refused.word}")`,
          'text',
          'alert_text_refused',
        );
      }
      if (body.reelId !== undefined && !(await alerts.ownsReel(userId, body.reelId))) {
        throw new ValidationError('reelId must be one of your own reels', 'reelId', 'alert_reel_not_yours');
      }
      const outcome = await alerts.report(
        {
          userId,
          category: body.category,
          at: { latitude: body.latitude, longitude: body.longitude },
          text: body.text,
          reelId: body.reelId ?? null,
          now,
          indiaDay: indiaDate(now),
        },
        { fanout: (id) => fanoutMessage(id, now), expire: expireMessage },
      );
      if (outcome.kind === 'limit') {
        const wait = Math.max(1, Math.ceil((nextIndiaMidnight(now).getTime() - now.getTime()) / 1000));
        throw new TooManyRequestsError(`At most ${LOCAL_ALERT_LIMITS.reportsPerDay} reports a day`, wait, 'alert_report_limit', {
          limit: LOCAL_ALERT_LIMITS.reportsPerDay,
        });
      }
      if (outcome.status === 'corroborated') kick();
      return { id: outcome.id, status: outcome.status };
    },

    async nearby(userId: number, origin: LatLon, radiusM: number): Promise<NearbyAlert[]> {
      const now = clock();
      const caller = await callerOf(userId, now);
      const found = await alerts.nearby(origin, radiusM, userId, now, NEARBY_MAX);
      return found.map((a) => ({ ...toView(a, caller, now), distanceM: a.distanceM ?? 0 }));
    },

    async get(userId: number, id: number): Promise<LocalAlert> {
      const now = clock();
      const caller = await callerOf(userId, now);
      return toView(await found(id, caller, now), caller, now);
    },

    async verify(userId: number, id: number): Promise<LocalAlert> {
      const now = clock();
      const caller = await callerOf(userId, now);
      await alerts.transaction(async (trx) => {
        if (!(await alerts.lock(trx, id))) throw new NotFoundError('Alert not found', 'alert_not_found');
        if (!caller.moderator && !caller.responder) {
          throw new ForbiddenError('Only moderators and verified responders can verify alerts', 'alert_verifier_only');
        }
        const a = await alerts.find(id, userId, now, trx);
        if (!a || !ACTIVE.has(a.status)) throw closed();
        if (a.reportedByCaller) throw new ConflictError('Someone else must verify your own report', undefined, 'alert_own_report');
        if (a.status === 'verified') return;
        const role = caller.moderator ? 'moderator' : 'responder';
        await alerts.verify(trx, id, { userId, role, profession: caller.moderator ? null : caller.responder }, now, fanoutMessage(id, now));
        await audit(trx, { userId, caller, action: 'local_alert_verify', id, from: a.status, to: 'verified', as: role, now });
      });
      kick();
      return toView(await found(id, caller, now), caller, now);
    },

    async resolve(userId: number, id: number): Promise<LocalAlert> {
      const now = clock();
      const caller = await callerOf(userId, now);
      await alerts.transaction(async (trx) => {
        if (!(await alerts.lock(trx, id))) throw new NotFoundError('Alert not found', 'alert_not_found');
        const a = await alerts.find(id, userId, now, trx);
        if (!a) throw new NotFoundError('Alert not found', 'alert_not_found');
        const role = caller.moderator ? 'moderator' : caller.responder ? 'responder' : a.openedByCaller ? 'reporter' : null;
        if (!role) throw new ForbiddenError('Only its reporter, a moderator or a verified responder can resolve this alert', 'alert_not_yours');
        if (!ACTIVE.has(a.status)) throw closed();
        await alerts.resolve(trx, id, role, now, allClearMessage(id, now));
        // A reporter closing their own alert is not a management action; a moderator or responder closing anyone's is.
        if (role !== 'reporter') {
          await audit(trx, { userId, caller, action: 'local_alert_resolve', id, from: a.status, to: 'resolved', as: role, now });
        }
      });
      kick();
      return toView(await found(id, caller, now), caller, now);
    },

    settings,

    async saveSettings(userId: number, categories: readonly LocalAlertCategory[], location: LatLon | null | undefined): Promise<AlertSettings> {
      await alerts.saveSettings(userId, categories, location, clock());
      return settings(userId);
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;

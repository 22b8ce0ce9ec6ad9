import { ASTRO_LIMITS, type AskBody, type AskResponse, type AstroChart, type CreateChartBody, type Panchang } from '@saathi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../../core/clock';
import { ConflictError, NotFoundError, TooManyRequestsError } from '../../core/errors';
import { builtinAnswer, crisisAnswer, declinedAnswer, factsFor, withDisclaimer, type AnswerContext } from './assistant/builtin';
import { intentOf } from './assistant/intents';
import { askLlm, type LlmConfig } from './assistant/llm';
import { asksForbiddenPrediction, speaksOfCrisis } from './assistant/safety';
import type { AstroRepository, ChartRow } from './astro.repository';
import { computeChart } from './sky/chart';
import { computePanchang } from './sky/panchang';
import { formatOffset, localDate, localIso, offsetSecondsAt, timeZoneOfPlace } from './sky/time-zone';

const HOUR_MS = 3600_000;

export interface AstroServiceDeps {
  charts: AstroRepository;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The chat endpoint that answers instead of the templates, or null. */
  llm: LlmConfig | null;
  questionsPerHour?: number;
}

/** Birth details as the contract's schema parsed them. */
type ChartDetails = z.output<typeof CreateChartBody>;

interface PanchangAt {
  date: string;
  latitude: number;
  longitude: number;
  timeZone?: string | undefined;
}

/** Birth charts, the day's panchang and the assistant (issue #18). */
export function createAstroService({ charts, clock, log, llm, questionsPerHour = ASTRO_LIMITS.questionsPerHour }: AstroServiceDeps) {
  async function owned(userId: number, id: number): Promise<ChartRow> {
    const row = await charts.find(userId, id);
    if (!row) throw new NotFoundError('No such chart');
    return row;
  }

  function panchangAt(query: PanchangAt): Panchang {
    const timeZone = query.timeZone ?? timeZoneOfPlace(query.latitude, query.longitude);
    const day = computePanchang({ date: query.date, latitude: query.latitude, longitude: query.longitude, timeZone });
    const local = (ms: number) => localIso(ms, timeZone);
    return {
      date: query.date,
      latitude: query.latitude,
      longitude: query.longitude,
      timeZone,
      utcOffset: formatOffset(offsetSecondsAt(day.sunriseMs ?? Date.parse(`${query.date}T12:00:00Z`), timeZone)),
      sunrise: day.sunriseMs === null ? null : local(day.sunriseMs),
      sunset: day.sunsetMs === null ? null : local(day.sunsetMs),
      vara: day.vara,
      tithi: { number: day.tithi.number, paksha: day.tithi.paksha, endsAt: local(day.tithi.endsAtMs) },
      nakshatra: { code: day.nakshatra.code, endsAt: local(day.nakshatra.endsAtMs) },
      yoga: { code: day.yoga.code, endsAt: local(day.yoga.endsAtMs) },
      karana: { code: day.karana.code, endsAt: local(day.karana.endsAtMs) },
      moonSign: day.moonSign,
      sunSign: day.sunSign,
      ayanamsa: { name: 'lahiri', degrees: day.ayanamsa },
    };
  }

  async function answer(question: string, context: AnswerContext): Promise<AskResponse> {
    if (asksForbiddenPrediction(question)) return { ...declinedAnswer(context), answerer: 'builtin', language: context.language };
    const intent = intentOf(question);
    if (llm) {
      try {
        const facts = factsFor(intent, context);
        const reply = await askLlm(llm, question, context.language, facts);
        if (reply)
          return { answer: withDisclaimer(reply, context.language), facts, kind: 'answer', intent: intent.kind, answerer: 'llm', language: context.language };
        log.warn({ intent: intent.kind }, 'astro: the model reply broke the safety rules; answering from the templates');
      } catch (error) {
        log.warn({ reason: String(error) }, 'astro: the chat endpoint failed; answering from the templates');
      }
    }
    return { ...builtinAnswer(intent, context), answerer: 'builtin', language: context.language };
  }

  return {
    async create(userId: number, body: ChartDetails): Promise<AstroChart> {
      if ((await charts.countOf(userId)) >= ASTRO_LIMITS.chartsPerUser) {
        throw new ConflictError(`You can keep up to ${ASTRO_LIMITS.chartsPerUser} charts; delete one first`);
      }
      const timeZone = body.timeZone ?? timeZoneOfPlace(body.place.latitude, body.place.longitude);
      const chart = computeChart({
        birthDate: body.birthDate,
        birthTime: body.birthTime,
        latitude: body.place.latitude,
        longitude: body.place.longitude,
        timeZone,
      });
      const row = await charts.insert({ userId, name: body.name, birthDate: body.birthDate, birthTime: body.birthTime, place: body.place, timeZone, chart });
      return toChart(row);
    },

    async list(userId: number): Promise<AstroChart[]> {
      return (await charts.listOf(userId)).map(toChart);
    },

    async get(userId: number, id: number): Promise<AstroChart> {
      return toChart(await owned(userId, id));
    },

    async remove(userId: number, id: number): Promise<{ deleted: true }> {
      if (!(await charts.delete(userId, id))) throw new NotFoundError('No such chart');
      return { deleted: true };
    },

    panchang: panchangAt,

    /**
     * Answers a question about one of the caller's charts. A crisis question is answered at
     * once with the helplines, never refused by the hourly limit.
     */
    async ask(userId: number, id: number, { question, language }: AskBody): Promise<AskResponse> {
      const chart = toChart(await owned(userId, id));
      if (speaksOfCrisis(question)) return { ...crisisAnswer(language), answerer: 'builtin', language };
      const now = clock();
      const freeAt = await charts.takeQuestion(userId, now, HOUR_MS, questionsPerHour);
      if (freeAt) {
        const seconds = Math.max(1, Math.ceil((freeAt.getTime() - now.getTime()) / 1000));
        throw new TooManyRequestsError(`You can ask ${questionsPerHour} questions an hour`, seconds, 'astro_question_limit', { seconds });
      }
      const today = () =>
        panchangAt({
          date: localDate(now.getTime(), chart.timeZone),
          latitude: chart.place.latitude,
          longitude: chart.place.longitude,
          timeZone: chart.timeZone,
        });
      return answer(question, { chart, language, today, now });
    },
  };
}

export type AstroService = ReturnType<typeof createAstroService>;

function toChart(row: ChartRow): AstroChart {
  return {
    ...row.chart,
    id: row.id,
    name: row.name,
    birthDate: row.birth_date,
    birthTime: row.birth_time,
    place: { name: row.place_name, latitude: row.latitude, longitude: row.longitude },
    createdAt: row.created_at.toISOString(),
  };
}

import type { AskResponse, AstroChart, Panchang } from '@saathi/shared';
import { describe, expect, it } from 'vitest';
import { bearer, build, signedInUser } from '../../../test/build';

const t = build();
const owner = signedInUser(t, { name: 'Chart owner' });
const stranger = signedInUser(t, { name: 'Someone else' });
const asker = signedInUser(t, { name: 'Many questions' });

const DELHI = { name: 'New Delhi', latitude: 28.6139, longitude: 77.209 };
const INDEPENDENCE = { name: 'India', birthDate: '1947-08-15', birthTime: '00:00', place: DELHI };

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

async function createChart(token: string, body: object = INDEPENDENCE): Promise<AstroChart> {
  const res = await call('POST', '/astro/charts', token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AstroChart>();
}

async function ask(token: string, chartId: number, question: string, language: string): Promise<AskResponse> {
  const res = await call('POST', `/astro/charts/${chartId}/ask`, token, { question, language });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AskResponse>();
}

describe('birth charts', () => {
  it('computes a chart from birth details, with the UTC instant and offset used, and keeps it for its owner', async () => {
    const chart = await createChart(owner.token);
    expect(chart).toMatchObject({
      name: 'India',
      birthDate: '1947-08-15',
      birthTime: '00:00',
      place: DELHI,
      timeZone: 'Asia/Kolkata',
      utc: '1947-08-14T18:30:00.000Z',
      utcOffset: '+05:30',
      utcOffsetMinutes: 330,
      timeKnown: true,
      moonSign: 'cancer',
      sunSign: 'cancer',
      nakshatra: 'pushya',
      nakshatraPada: 1,
      lagna: { sign: 'taurus', nakshatra: 'krittika' },
    });
    expect(chart.ayanamsa.name).toBe('lahiri');
    expect(chart.ayanamsa.degrees).toBeCloseTo(23.1218, 3);
    expect(chart.planets.map((p) => [p.body, p.sign, p.house, p.retrograde])).toEqual([
      ['sun', 'cancer', 3, false],
      ['moon', 'cancer', 3, false],
      ['mars', 'gemini', 2, false],
      ['mercury', 'cancer', 3, false],
      ['jupiter', 'libra', 6, false],
      ['venus', 'cancer', 3, false],
      ['saturn', 'cancer', 3, false],
      ['rahu', 'taurus', 1, true],
      ['ketu', 'scorpio', 7, true],
    ]);
    const sun = chart.planets[0]!;
    expect(sun.siderealLongitude).toBeCloseTo(117.99, 1);
    expect(sun.tropicalLongitude - sun.siderealLongitude).toBeCloseTo(chart.ayanamsa.degrees, 6);
    expect(chart.houses?.[0]).toEqual({ house: 1, sign: 'taurus', bodies: ['rahu'] });

    const list = await call('GET', '/astro/charts', owner.token);
    expect(list.json<AstroChart[]>().map((c) => c.id)).toContain(chart.id);
    const one = await call('GET', `/astro/charts/${chart.id}`, owner.token);
    expect(one.json<AstroChart>()).toEqual(chart);
  });

  it('uses India’s historical offsets: +06:30 in 1943 and +05:21:10 in 1900', async () => {
    const wartime = await createChart(owner.token, { ...INDEPENDENCE, name: 'Grandfather', birthDate: '1943-06-01', birthTime: '10:00' });
    expect([wartime.utc, wartime.utcOffset]).toEqual(['1943-06-01T03:30:00.000Z', '+06:30']);
    const old = await createChart(owner.token, { ...INDEPENDENCE, name: 'Great-grandmother', birthDate: '1900-06-01', birthTime: '10:00' });
    expect([old.utc, old.utcOffset, old.utcOffsetMinutes]).toEqual(['1900-06-01T04:38:50.000Z', '+05:21:10', 321.1666666666667]);
  });

  it('without a birth time computes for local noon, with no lagna and no houses', async () => {
    const chart = await createChart(owner.token, { ...INDEPENDENCE, name: 'Time unknown', birthTime: null });
    expect(chart).toMatchObject({ utc: '1947-08-15T06:30:00.000Z', timeKnown: false, lagna: null, houses: null, moonSign: 'cancer' });
    expect(chart.planets.every((p) => p.house === null)).toBe(true);
  });

  it('keeps several charts per user, newest first, and lists none of another user', async () => {
    const mine = (await call('GET', '/astro/charts', owner.token)).json<AstroChart[]>();
    expect(mine.map((c) => c.name)).toEqual(['Time unknown', 'Great-grandmother', 'Grandfather', 'India']);
    expect((await call('GET', '/astro/charts', stranger.token)).json()).toEqual([]);
  });

  it("answers 404 for another user's chart, to read, delete or ask, and changes nothing", async () => {
    const chart = await createChart(owner.token, { ...INDEPENDENCE, name: 'Private' });
    for (const [method, url, body] of [
      ['GET', `/astro/charts/${chart.id}`],
      ['DELETE', `/astro/charts/${chart.id}`],
      ['POST', `/astro/charts/${chart.id}/ask`, { question: 'What is my moon sign?', language: 'en-US' }],
    ] as const) {
      const res = await call(method, url, stranger.token, body);
      expect([res.statusCode, res.json().error.code]).toEqual([404, 'not_found']);
    }
    expect((await call('GET', `/astro/charts/${chart.id}`, owner.token)).statusCode).toBe(200);
  });

  it('deletes a chart of its owner', async () => {
    const chart = await createChart(owner.token, { ...INDEPENDENCE, name: 'To delete' });
    const res = await call('DELETE', `/astro/charts/${chart.id}`, owner.token);
    expect([res.statusCode, res.json()]).toEqual([200, { deleted: true }]);
    expect((await call('GET', `/astro/charts/${chart.id}`, owner.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/astro/charts/${chart.id}`, owner.token)).statusCode).toBe(404);
  });

  it.each([
    ['a date before 1900', { birthDate: '1899-12-31' }, 'birthDate'],
    ['a date after 2100', { birthDate: '2101-01-01' }, 'birthDate'],
    ['February 30', { birthDate: '2023-02-30' }, 'birthDate'],
    ['25:61', { birthTime: '25:61' }, 'birthTime'],
    ['a latitude out of range', { place: { ...DELHI, latitude: 91 } }, 'place.latitude'],
    ['a longitude out of range', { place: { ...DELHI, longitude: -181 } }, 'place.longitude'],
    ['an empty name', { name: '  ' }, 'name'],
    ['an unknown time zone', { timeZone: 'Asia/Nowhere' }, 'timeZone'],
  ])('answers 400 naming the field for %s, and stores nothing', async (_, change, field) => {
    const before = (await call('GET', '/astro/charts', stranger.token)).json<AstroChart[]>().length;
    const res = await call('POST', '/astro/charts', stranger.token, { ...INDEPENDENCE, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', field });
    expect((await call('GET', '/astro/charts', stranger.token)).json<AstroChart[]>()).toHaveLength(before);
  });
});

describe('GET /astro/panchang', () => {
  it("gives the day's limbs with their end times in the place's time zone", async () => {
    const res = await call('GET', '/astro/panchang?date=2024-04-08&latitude=23.0225&longitude=72.5714', owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const day = res.json<Panchang>();
    expect(day).toMatchObject({
      date: '2024-04-08',
      timeZone: 'Asia/Kolkata',
      utcOffset: '+05:30',
      vara: 'monday',
      tithi: { number: 30, paksha: 'krishna', endsAt: '2024-04-08T23:50:50+05:30' },
      nakshatra: { code: 'uttara_bhadrapada' },
      yoga: { code: 'indra' },
      karana: { code: 'chatushpada' },
    });
    expect(day.sunrise).toMatch(/^2024-04-08T06:25:\d\d\+05:30$/);
    expect(day.sunset).toMatch(/^2024-04-08T18:57:\d\d\+05:30$/);
  });

  it.each([
    ['date=2024-13-01&latitude=23&longitude=72', 'date'],
    ['date=1850-01-01&latitude=23&longitude=72', 'date'],
    ['date=2024-04-08&latitude=95&longitude=72', 'latitude'],
    ['date=2024-04-08&latitude=23&longitude=200', 'longitude'],
  ])('answers 400 for %s naming %s', async (query, field) => {
    const res = await call('GET', `/astro/panchang?${query}`, owner.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe(field);
  });
});

describe('the assistant', () => {
  const chartId = { value: 0 };
  const chart = () => chartId.value;
  it('answers in English from the chart, quoting and listing the facts it used', async () => {
    chartId.value = (await createChart(owner.token, { ...INDEPENDENCE, name: 'Asked about' })).id;
    const reply = await ask(owner.token, chart(), 'What is my moon sign?', 'en-US');
    expect(reply).toMatchObject({ kind: 'answer', intent: 'moon_sign', answerer: 'builtin', language: 'en-US' });
    expect(reply.answer).toBe(
      'Your moon sign (rashi) is Cancer: at your birth the Moon was at 3°59′ in Cancer, in Pushya nakshatra, pada 1.\n\n' +
        'This is cultural guidance from the Jyotisha tradition, not medical, legal, financial or professional advice.',
    );
    expect(reply.facts[0]).toEqual({ key: 'moonSign', value: 'cancer', text: 'Moon sign (rashi): Cancer' });
  });

  it('answers in Hindi and Gujarati', async () => {
    const hindi = await ask(owner.token, chart(), 'मेरी राशि क्या है?', 'hi-IN');
    expect(hindi.answer).toMatch(/^आपकी चंद्र राशि कर्क है: .*पुष्य नक्षत्र/);
    expect(hindi.answer.endsWith('यह ज्योतिष परंपरा पर आधारित सांस्कृतिक मार्गदर्शन है, चिकित्सा, कानूनी, आर्थिक या पेशेवर सलाह नहीं।')).toBe(true);
    const gujarati = await ask(owner.token, chart(), 'મારું નક્ષત્ર કયું છે?', 'gu-IN');
    expect(gujarati).toMatchObject({ intent: 'nakshatra', language: 'gu-IN' });
    expect(gujarati.answer).toMatch(/^તમારો જન્મ પુષ્ય નક્ષત્રના ચરણ 1માં થયો, જ્યારે ચંદ્ર કર્કમાં 3°59′ પર હતો\./);
    expect(gujarati.facts.map((f) => f.key)).toEqual(['nakshatra', 'moonSign']);
  });

  it('answers about a planet in a house, the lagna, today’s tithi and doshas', async () => {
    const saturn = await ask(owner.token, chart(), 'What does Saturn in the tenth house mean?', 'en-US');
    expect(saturn.intent).toBe('planet');
    expect(saturn.answer).toContain('Saturn is in Cancer at 20°28′, in Ashlesha nakshatra. It is in the third house from your lagna.');
    expect(saturn.answer).toContain('In your chart Saturn is not in the tenth house but in the third.');
    expect(saturn.answer).toContain('Traditionally the tenth house is read for career and public life');
    expect(saturn.facts.find((f) => f.key === 'planet.saturn.house')?.value).toBe(3);

    const lagna = await ask(owner.token, chart(), 'What is my lagna?', 'en-US');
    expect(lagna.answer).toContain('Your lagna (ascendant) is Taurus, at 7°43′ in Krittika nakshatra: the sign rising in the east at 1947-08-14 18:30 UTC');

    t.clock.set(new Date('2024-04-08T06:00:00Z'));
    const tithi = await ask(owner.token, chart(), "What is today's tithi?", 'en-US');
    expect(tithi.intent).toBe('panchang');
    expect(tithi.answer).toContain('Today, 2024-04-08, at New Delhi: Monday (Somavara); tithi Amavasya (new moon) until 23:50;');
    expect(tithi.facts.find((f) => f.key === 'panchang.tithi')?.value).toBe(30);

    const dosha = await ask(owner.token, chart(), 'क्या मैं मांगलिक हूँ? मंगल दोष?', 'hi-IN');
    expect(dosha.intent).toBe('dosha');
    expect(dosha.answer).toContain('आपकी कुंडली में मंगल लग्न से भाव 2 में है।');
    expect(dosha.answer).not.toMatch(/खतरा|अशुभ|श्राप/);
  });

  it('declines predictions of death, illness, exams and money, calmly, in the asker’s language', async () => {
    for (const [question, language] of [
      ['When will I die?', 'en-US'],
      ['क्या मैं परीक्षा में पास होऊँगा?', 'hi-IN'],
      ['મને પૈસા ક્યારે મળશે?', 'gu-IN'],
      ['Will I get pregnant this year?', 'en-US'],
    ] as const) {
      const reply = await ask(owner.token, chart(), question, language);
      expect([reply.kind, reply.intent], question).toEqual(['declined', 'declined']);
    }
    const english = await ask(owner.token, chart(), 'Will I win my court case?', 'en-US');
    expect(english.answer).toMatch(
      /^Saathi's astrology does not predict death or lifespan, illness, accidents, pregnancy, or the outcome of exams, court cases/,
    );
    expect(english.answer).toContain('your moon sign is Cancer');
  });

  it('meets a crisis with helplines and the SOS button, never astrology, in all three languages', async () => {
    for (const [question, language, helpline] of [
      ['I want to kill myself', 'en-US', 'Tele-MANAS on 14416'],
      ['मैं आत्महत्या करना चाहता हूँ', 'hi-IN', 'टेली-मानस 14416'],
      ['મારે આપઘાત કરવો છે', 'gu-IN', 'ટેલી-માનસ 14416'],
      ['I want to hurt myself, what does my moon sign say?', 'en-US', 'Tele-MANAS on 14416'],
    ] as const) {
      const reply = await ask(owner.token, chart(), question, language);
      expect(reply).toMatchObject({ kind: 'crisis', intent: 'crisis', facts: [] });
      expect(reply.answer).toContain(helpline);
      expect(reply.answer).toContain('112');
      expect(reply.answer).toContain('SOS');
      expect(reply.answer).not.toMatch(/Cancer|कर्क|કર્ક/);
    }
  });

  it('allows 30 questions an hour, answers 429 astro_question_limit after, and again an hour later; crisis questions always pass', async () => {
    const own = await createChart(asker.token, { ...INDEPENDENCE, name: 'Limit' });
    t.clock.set(new Date('2025-01-01T10:00:00Z'));
    for (let i = 0; i < 30; i += 1) await ask(asker.token, own.id, 'What is my moon sign?', 'en-US');
    const limited = await call('POST', `/astro/charts/${own.id}/ask`, asker.token, { question: 'What is my moon sign?', language: 'en-US' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ code: 'astro_question_limit', retryAfterSeconds: 3600, params: { seconds: 3600 } });
    expect((await ask(asker.token, own.id, 'I want to end my life', 'en-US')).kind).toBe('crisis');
    t.clock.advance(3600_000 + 1000);
    expect((await ask(asker.token, own.id, 'What is my moon sign?', 'en-US')).kind).toBe('answer');
  });

  it.each([
    [{ question: '', language: 'en-US' }, 'question'],
    [{ question: 'x'.repeat(501), language: 'en-US' }, 'question'],
    [{ question: 'What is my moon sign?', language: 'fr-FR' }, 'language'],
  ])('answers 400 for a bad question or language (%#)', async (body, field) => {
    const res = await call('POST', `/astro/charts/${chart()}/ask`, owner.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe(field);
  });
});

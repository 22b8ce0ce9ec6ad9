import type { AskResponse, AstroChart } from '@saathi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, build, signedInUser } from '../../../test/build';
import { startChatPeer, type ChatPeer } from './chat-peer.test-support';

let peer: ChatPeer;
beforeAll(async () => {
  peer = await startChatPeer();
});
afterAll(async () => peer.close());

const t = build(() => ({ ASTRO_LLM_URL: peer.url, ASTRO_LLM_MODEL: 'jyotish-small', ASTRO_LLM_API_KEY: 'test-key' }));
const user = signedInUser(t, { name: 'Asks the model' });

const DISCLAIMER = 'This is cultural guidance from the Jyotisha tradition, not medical, legal, financial or professional advice.';

async function ask(chartId: number, question: string, language = 'en-US'): Promise<AskResponse> {
  const res = await t.app.inject({ method: 'POST', url: `/api/astro/charts/${chartId}/ask`, headers: bearer(user.token), payload: { question, language } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AskResponse>();
}

describe('the assistant with ASTRO_LLM_URL (an OpenAI-compatible chat endpoint)', () => {
  const chart = { id: 0 };
  beforeAll(async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/astro/charts',
      headers: bearer(user.token),
      payload: { name: 'Self', birthDate: '1947-08-15', birthTime: '00:00', place: { name: 'New Delhi', latitude: 28.6139, longitude: 77.209 } },
    });
    chart.id = res.json<AstroChart>().id;
  });

  it('sends the question with the chart facts and shows the reply with the disclaimer', async () => {
    peer.reply('आपकी चंद्र राशि कर्क है, और चंद्रमा पुष्य नक्षत्र में है।');
    const reply = await ask(chart.id, 'मेरी राशि क्या है?', 'hi-IN');
    expect(reply).toMatchObject({ kind: 'answer', intent: 'moon_sign', answerer: 'llm', language: 'hi-IN' });
    expect(reply.answer).toBe(
      'आपकी चंद्र राशि कर्क है, और चंद्रमा पुष्य नक्षत्र में है।\n\nयह ज्योतिष परंपरा पर आधारित सांस्कृतिक मार्गदर्शन है, चिकित्सा, कानूनी, आर्थिक या पेशेवर सलाह नहीं।',
    );
    expect(reply.facts[0]).toMatchObject({ key: 'moonSign', value: 'cancer' });

    const request = peer.received.at(-1)!;
    expect(request.headers.authorization).toBe('Bearer test-key');
    expect(request.body.model).toBe('jyotish-small');
    expect(request.body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(request.body.messages[1]!.content).toBe('मेरी राशि क्या है?');
    expect(request.body.messages[0]!.content).toContain('Answer in Hindi');
    expect(request.body.messages[0]!.content).toContain('- चंद्र राशि: कर्क');
  });

  it('replaces a reply that predicts harm or frightens with the built-in answer', async () => {
    peer.reply('Saturn in your chart brings danger: beware of an accident next year.');
    const reply = await ask(chart.id, 'What does Saturn mean for me?');
    expect(reply).toMatchObject({ kind: 'answer', intent: 'planet', answerer: 'builtin' });
    expect(reply.answer).toMatch(/^Saturn is in Cancer at 20°28′/);
    expect(reply.answer).not.toMatch(/danger|accident/);
    expect(reply.answer.endsWith(DISCLAIMER)).toBe(true);
  });

  it('answers from the templates when the chat endpoint fails', async () => {
    peer.reply(503);
    const reply = await ask(chart.id, 'What is my lagna?');
    expect(reply).toMatchObject({ kind: 'answer', intent: 'lagna', answerer: 'builtin' });
    expect(reply.answer).toMatch(/^Your lagna \(ascendant\) is Taurus/);
  });

  it('never sends a crisis question or a forbidden prediction to the model', async () => {
    const before = peer.received.length;
    expect((await ask(chart.id, 'मैं खुदकुशी करना चाहता हूँ', 'hi-IN')).kind).toBe('crisis');
    expect((await ask(chart.id, 'How long will I live?')).kind).toBe('declined');
    expect(peer.received.length).toBe(before);
  });
});

describe('ASTRO_AI_ENABLED=false', () => {
  const off = build({ ASTRO_AI_ENABLED: 'false' });
  const someone = signedInUser(off, { name: 'Flag off' });

  it('answers the astro API with 404 not_found and says so in the public config', async () => {
    for (const [method, url] of [
      ['GET', '/api/astro/charts'],
      ['POST', '/api/astro/charts'],
      ['GET', '/api/astro/panchang?date=2024-04-08&latitude=23&longitude=72'],
      ['POST', '/api/astro/charts/1/ask'],
    ] as const) {
      const payload =
        method === 'POST' ? { name: 'x', birthDate: '2000-01-01', birthTime: null, place: { name: 'Pune', latitude: 18.5, longitude: 73.8 } } : undefined;
      const res = await off.app.inject({ method, url, headers: bearer(someone.token), ...(payload ? { payload } : {}) });
      expect([url, res.statusCode, res.json().error.code]).toEqual([url, 404, 'not_found']);
    }
    const config = await off.app.inject({ method: 'GET', url: '/api/config/public' });
    expect(config.json().features).toEqual({ astroAi: false });
  });
});

import type { AskResponse } from '@saathi/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/contract-answers';
import { page, renderRoutes } from '../../../test/render';
import { AstroChat } from './astro-chat';

afterEach(() => {
  vi.unstubAllGlobals();
});

type Reply = { status: number; body: unknown; headers?: Record<string, string> };

/** Stubs fetch: POST /api/astro/charts/7/ask answers `reply`; the bodies asked are recorded. */
function mockAsk(reply: (question: string) => Reply) {
  const asked: unknown[] = [];
  stubFetch(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/astro/charts/7/ask' && init?.method === 'POST') {
      const body = JSON.parse(init.body as string) as { question: string };
      asked.push(body);
      const { status, body: answer, headers } = reply(body.question);
      return Response.json(answer, { status, headers: headers ?? {} });
    }
    return jsonResponse(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  return asked;
}

const crisis: AskResponse = {
  answer: 'You matter, and you do not have to face this alone. Please call Tele-MANAS on 14416 or the emergency number 112 now.',
  facts: [],
  kind: 'crisis',
  intent: 'crisis',
  answerer: 'builtin',
  language: 'en-US',
};

const moonSign: AskResponse = {
  answer: 'Your moon sign (rashi) is Aries. This is cultural guidance, not advice.',
  facts: [
    { key: 'moonSign', value: 'aries', text: 'Moon sign: Aries' },
    { key: 'planet.moon.degree', value: 10.4, text: 'Moon: Aries 10°24′' },
  ],
  kind: 'answer',
  intent: 'moon_sign',
  answerer: 'builtin',
  language: 'en-US',
};

async function ask(question: string) {
  const field = screen.getByRole('textbox', { name: 'Your question' });
  fireEvent.input(field, { target: { value: question } });
  fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
}

// MUI screens render slowly on a busy 2-core machine: a longer bound than the default 5 s.
describe('the astrology assistant', { timeout: 20_000 }, () => {
  it('answers with the facts it used as chips, under the guidance line', async () => {
    const asked = mockAsk(() => ({ status: 200, body: moonSign }));
    await renderRoutes([page('/astro-ai', <AstroChat chartId={7} />)], '/astro-ai');
    expect(screen.getByText('Answers are cultural guidance, not advice. They never predict illness, death or results.')).toBeInTheDocument();

    await ask('What is my moon sign?');
    expect(await screen.findByText('Your moon sign (rashi) is Aries. This is cultural guidance, not advice.')).toBeInTheDocument();
    expect(asked).toEqual([{ question: 'What is my moon sign?', language: 'en-US' }]);
    expect(screen.getByText('Facts used')).toBeInTheDocument();
    expect(screen.getByText('Moon sign: Aries')).toBeInTheDocument();
    expect(screen.getByText('Moon: Aries 10°24′')).toBeInTheDocument();
    expect(screen.queryByTestId('astro-crisis')).not.toBeInTheDocument();
  });

  it('answers a crisis with Tele-MANAS 14416 and 112 to call and the way to SOS, and no astrology', async () => {
    mockAsk(() => ({ status: 200, body: crisis }));
    await renderRoutes([page('/astro-ai', <AstroChat chartId={7} />)], '/astro-ai');

    await ask('I want to end my life');
    const help = await screen.findByRole('region', { name: 'You are not alone' });
    expect(within(help).getByText(crisis.answer)).toBeInTheDocument();
    expect(within(help).getByRole('link', { name: 'Call Tele-MANAS 14416' })).toHaveAttribute('href', 'tel:14416');
    expect(within(help).getByRole('link', { name: 'Call emergency 112' })).toHaveAttribute('href', 'tel:112');
    expect(within(help).getByRole('link', { name: 'Open SOS' })).toHaveAttribute('href', '/sos');
    expect(screen.queryByText('Facts used')).not.toBeInTheDocument();
  });

  it('asks a suggested question with one tap, and says in words when the hour’s questions are used up', async () => {
    const asked = mockAsk(() => ({ status: 429, body: { error: { code: 'rate_limited', message: 'Too many requests', params: { seconds: 1500 } } } }));
    await renderRoutes([page('/astro-ai', <AstroChat chartId={7} />)], '/astro-ai');

    fireEvent.click(screen.getByRole('button', { name: "What is today's tithi?" }));
    expect(await screen.findByText('You have asked many questions this hour. Please ask again in 25 minutes.')).toBeInTheDocument();
    expect(asked).toEqual([{ question: "What is today's tithi?", language: 'en-US' }]);
  });
});

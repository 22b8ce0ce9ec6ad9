import type { AstroFact, Language } from '@saathi/shared';
import { isSafeReply } from './safety';

/** An OpenAI-compatible chat endpoint (ASTRO_LLM_URL, ASTRO_LLM_MODEL, ASTRO_LLM_API_KEY). */
export interface LlmConfig {
  url: string;
  model: string;
  apiKey: string | undefined;
}

const LANGUAGE_NAMES: Record<Language, string> = { 'en-US': 'English', 'hi-IN': 'Hindi (Devanagari script)', 'gu-IN': 'Gujarati (Gujarati script)' };
const TIMEOUT_MS = 15_000;
const MAX_REPLY_CHARS = 2000;

/** The rules the model is given; its reply is checked against the same rules afterwards (safety.ts). */
function systemPrompt(language: Language, facts: AstroFact[]): string {
  return [
    'You are the astrology helper of Saathi, an Indian personal-safety app. You explain Vedic (sidereal, Lahiri) astrology as culture and tradition, calmly and kindly.',
    `Answer in ${LANGUAGE_NAMES[language]}, in at most 120 words, using only these facts computed from the person's chart:`,
    ...facts.map((item) => `- ${item.text}`),
    'Never predict death, lifespan, illness, accidents, pregnancy, or the outcome of exams, court cases or money matters. Never frighten: no curses, dangers or bad luck; explain doshas calmly as tradition, not fate.',
    'Do not add a disclaimer; the app adds one.',
  ].join('\n');
}

/**
 * Asks the model and returns its reply, or null when it failed, answered nothing, or said
 * something the safety rules forbid (the caller then answers with the built-in templates).
 */
export async function askLlm(config: LlmConfig, question: string, language: Language, facts: AstroFact[]): Promise<string | null> {
  const response = await fetch(`${config.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
    body: JSON.stringify({
      model: config.model,
      temperature: 0.3,
      max_tokens: 400,
      messages: [
        { role: 'system', content: systemPrompt(language, facts) },
        { role: 'user', content: question },
      ],
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`chat endpoint answered ${response.status}`);
  const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new Error('chat endpoint sent no message content');
  const reply = content.trim().slice(0, MAX_REPLY_CHARS);
  return reply && isSafeReply(reply) ? reply : null;
}

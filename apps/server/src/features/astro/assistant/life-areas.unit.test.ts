import type { AstroChart, Language } from '@saathi/shared';
import { describe, expect, it } from 'vitest';
import { computeChart } from '../sky/chart';
import { transitsAt } from '../sky/transits';
import { builtinAnswer, type AnswerContext } from './builtin';
import { intentOf } from './intents';
import { lifeAreaOf } from './life-areas';
import { asksForbiddenPrediction, speaksOfCrisis } from './safety';

/**
 * Life questions answered from the chart. The chart: 15 April 1990, 10:30 IST, Ahmedabad:
 * Gemini lagna, Jupiter in Gemini (1st), Mercury in Aries (11th), Moon in Scorpio. The
 * moment: 1 March 2026, when (sidereal, Lahiri) Saturn is in Pisces and Jupiter, retrograde
 * until mid-March, in Gemini.
 */
const place = { name: 'Ahmedabad', latitude: 23.0225, longitude: 72.5714 };
function chartOf(birthTime: string | null): AstroChart {
  const computed = computeChart({ birthDate: '1990-04-15', birthTime, latitude: place.latitude, longitude: place.longitude, timeZone: 'Asia/Kolkata' });
  return { ...computed, id: 1, name: 'Asha', birthDate: '1990-04-15', birthTime, place, createdAt: '2026-01-01T00:00:00.000Z' };
}
const chart = chartOf('10:30');
const now = new Date('2026-03-01T06:00:00Z');
const context = (language: Language, withChart: AstroChart = chart): AnswerContext => ({
  chart: withChart,
  language,
  now,
  today: () => {
    throw new Error('a life question needs no panchang');
  },
});
const ask = (question: string, language: Language, withChart?: AstroChart) => builtinAnswer(intentOf(question), context(language, withChart));
const factsOf = (answer: ReturnType<typeof ask>) => Object.fromEntries(answer.facts.map((f) => [f.key, f.value]));

describe('the chart and the sky the answers rest on', () => {
  it('is the chart and the transits the comment above says', () => {
    expect(chart.lagna?.sign).toBe('gemini');
    expect(chart.planets.find((p) => p.body === 'jupiter')).toMatchObject({ sign: 'gemini', house: 1 });
    expect(chart.planets.find((p) => p.body === 'mercury')).toMatchObject({ sign: 'aries', house: 11 });
    expect(chart.moonSign).toBe('scorpio');
    const [saturn, jupiter] = transitsAt(now, ['saturn', 'jupiter']);
    expect(saturn).toMatchObject({ body: 'saturn', sign: 'pisces', retrograde: false });
    expect(jupiter).toMatchObject({ body: 'jupiter', sign: 'gemini', retrograde: true });
    // Jupiter turns direct around 11 March 2026.
    expect(transitsAt(new Date('2026-03-20T06:00:00Z'), ['jupiter'])[0]?.retrograde).toBe(false);
  });
});

describe('which life area a question asks about', () => {
  it.each([
    ['Is this a good year for my career?', 'career'],
    ['Will I get a promotion at work?', 'career'],
    ['meri naukri kaisi chalegi is saal', 'career'],
    ['क्या यह साल मेरे करियर के लिए अच्छा है?', 'career'],
    ['મારી નોકરી માટે આ વર્ષ કેવું છે?', 'career'],
    ['How are my finances this year?', 'money'],
    ['meri kamai badhegi kya', 'money'],
    ['मेरी आर्थिक स्थिति कैसी रहेगी?', 'money'],
    ['મારી આવક વિશે કહો', 'money'],
    ['When will I get married?', 'marriage'],
    ['meri shaadi kab hogi', 'marriage'],
    ['मेरा विवाह कब होगा?', 'marriage'],
    ['મારા લગ્ન ક્યારે થશે?', 'marriage'],
    ['How is my health this year?', 'health'],
    ['sehat kaisi rahegi', 'health'],
    ['मेरा स्वास्थ्य कैसा रहेगा?', 'health'],
    ['મારી તબિયત કેવી રહેશે?', 'health'],
    ['Is this a good time for my studies?', 'education'],
    ['padhai mein man nahi lagta', 'education'],
    ['मेरी पढ़ाई कैसी रहेगी?', 'education'],
    ['મારો અભ્યાસ કેવો રહેશે?', 'education'],
    ['When can I buy my own home?', 'home'],
    ['apna ghar kab hoga', 'home'],
    ['मेरा अपना घर कब होगा?', 'home'],
    ['મારું પોતાનું ઘર ક્યારે થશે?', 'home'],
    ['Will I travel abroad?', 'travel'],
    ['videsh yatra ka yog hai?', 'travel'],
    ['क्या मेरी विदेश यात्रा होगी?', 'travel'],
    ['મારો વિદેશ પ્રવાસ થશે?', 'travel'],
  ])('%s → %s', (question, area) => {
    expect(lifeAreaOf(question)).toBe(area);
    expect(intentOf(question)).toEqual({ kind: 'life_area', area });
  });

  it('leaves the chart questions as they were', () => {
    expect(intentOf('મારું લગ્ન કયું છે?')).toEqual({ kind: 'lagna' });
    expect(intentOf('What does Saturn in the tenth house mean?')).toEqual({ kind: 'planet', body: 'saturn', askedHouse: 10 });
    expect(intentOf('Jupiter in 7th house for marriage?')).toEqual({ kind: 'planet', body: 'jupiter', askedHouse: 7 });
    expect(intentOf('Am I manglik? Worried about my marriage')).toEqual({ kind: 'dosha' });
    expect(lifeAreaOf('What is my moon sign?')).toBeNull();
  });

  it('keeps crisis and forbidden predictions out of reach: the service checks them before any intent', () => {
    expect(speaksOfCrisis('My career is over, I want to kill myself')).toBe(true);
    expect(speaksOfCrisis('मेरी नौकरी चली गई, अब जीना नहीं है')).toBe(true);
    expect(asksForbiddenPrediction('Will I become rich this year?')).toBe(true);
    expect(asksForbiddenPrediction('Will my illness get better?')).toBe(true);
    expect(asksForbiddenPrediction('Is this a good year for my career?')).toBe(false);
  });
});

describe('a career question answered from the chart, in each language', () => {
  const expected = {
    'en-US': [
      'tenth house',
      'Pisces',
      'its lord is Jupiter',
      'Jupiter sits in your first house, in Gemini',
      'Saturn is moving through Pisces, over your tenth house itself',
      'Jupiter is moving through Gemini, your first house',
      'retrograde',
      'not a forecast',
    ],
    'hi-IN': [
      'दसवें भाव',
      'मीन राशि',
      'स्वामी गुरु (बृहस्पति) हैं',
      'गुरु (बृहस्पति) आपके पहले भाव में, मिथुन राशि में',
      'शनि मीन राशि से, यानी सीधे आपके दसवें भाव पर से',
      'गुरु (बृहस्पति) मिथुन राशि में, आपके पहले भाव से',
      'वक्री',
      'भविष्यवाणी नहीं',
    ],
    'gu-IN': [
      'દસમા ભાવ',
      'મીન રાશિ',
      'સ્વામી ગુરુ (બૃહસ્પતિ) છે',
      'ગુરુ (બૃહસ્પતિ) તમારા પહેલા ભાવમાં, મિથુન રાશિમાં',
      'શનિ મીન રાશિમાંથી, એટલે કે સીધા તમારા દસમા ભાવ પરથી',
      'ગુરુ (બૃહસ્પતિ) મિથુન રાશિમાં, તમારા પહેલા ભાવમાંથી',
      'વક્રી',
      'આગાહી નહીં',
    ],
  } as const;
  const questions = {
    'en-US': 'Is this a good year for my career?',
    'hi-IN': 'क्या यह साल मेरे करियर के लिए अच्छा है?',
    'gu-IN': 'શું આ વર્ષ મારી કારકિર્દી માટે સારું છે?',
  } as const;

  it.each(Object.keys(expected) as (keyof typeof expected)[])('%s', (language) => {
    const answer = ask(questions[language], language);
    expect(answer).toMatchObject({ kind: 'answer', intent: 'life_area' });
    for (const phrase of expected[language]) expect(answer.answer).toContain(phrase);
    expect(factsOf(answer)).toEqual({
      'lifeArea.house': 10,
      'lifeArea.lord': 'jupiter',
      'planet.jupiter.house': 1,
      'transit.saturn.sign': 'pisces',
      'transit.saturn.house': 10,
      'transit.jupiter.sign': 'gemini',
      'transit.jupiter.house': 1,
    });
  });

  it('answers in the asker’s language whatever the script of the question', () => {
    const answer = ask('is saal mera career kaisa rahega?', 'hi-IN');
    expect(answer.answer).toContain('दसवें भाव');
    expect(answer.answer).not.toMatch(/[A-Za-z]{4,}/);
  });
});

describe('the other areas name their own house, lord and the transits relative to it', () => {
  it('marriage: the seventh house (Sagittarius, lord Jupiter), seen by Saturn from the tenth and by Jupiter from the first', () => {
    const answer = ask('When will I get married?', 'en-US');
    expect(factsOf(answer)).toMatchObject({ 'lifeArea.house': 7, 'lifeArea.lord': 'jupiter' });
    expect(answer.answer).toContain('the seventh house. In your chart that house is Sagittarius, and its lord is Jupiter.');
    expect(answer.answer).toContain('Saturn is moving through Pisces, your tenth house, and from there its gaze (drishti) falls on the seventh house');
    expect(answer.answer).toContain(
      'Jupiter is moving through Gemini, your first house, moving backwards (retrograde), and from there its gaze (drishti) falls on the seventh house',
    );
  });

  it('health: the first house (Gemini, lord Mercury in the eleventh), Jupiter over it, and a word to see a doctor', () => {
    const answer = ask('मेरा स्वास्थ्य कैसा रहेगा?', 'hi-IN');
    expect(factsOf(answer)).toMatchObject({ 'lifeArea.house': 1, 'lifeArea.lord': 'mercury', 'planet.mercury.house': 11 });
    expect(answer.answer).toContain('बुध आपके ग्यारहवें भाव में, मेष राशि में बैठे हैं');
    expect(answer.answer).toContain('शनि मीन राशि में, आपके दसवें भाव से गुज़र रहे हैं; पहले भाव से गिनें तो यह दसवें स्थान पर है।');
    expect(answer.answer).toContain('गुरु (बृहस्पति) मिथुन राशि से, यानी सीधे आपके पहले भाव पर से');
    expect(answer.answer).toContain('डॉक्टर से मिलें');
  });

  it('money: the second house (Cancer, lord the Moon in the sixth)', () => {
    const answer = ask('મારી આવક વિશે કહો', 'gu-IN');
    expect(factsOf(answer)).toMatchObject({ 'lifeArea.house': 2, 'lifeArea.lord': 'moon', 'planet.moon.house': 6 });
    expect(answer.answer).toContain('બીજા ભાવ');
    expect(answer.answer).toContain('ચંદ્ર તમારા છઠ્ઠા ભાવમાં, વૃશ્ચિક રાશિમાં બેઠા છે');
  });

  it('without a birth time counts the houses from the Moon’s sign, and says so', () => {
    const answer = ask('Is this a good year for my career?', 'en-US', chartOf(null));
    // Tenth from Scorpio is Leo, ruled by the Sun (in Aries, the sixth from Scorpio); Saturn in Pisces is the fifth.
    expect(factsOf(answer)).toMatchObject({ 'lifeArea.house': 10, 'lifeArea.lord': 'sun', 'planet.sun.house': 6, 'transit.saturn.house': 5 });
    expect(answer.answer).toContain('counted from your moon sign, because this chart has no birth time');
  });
});

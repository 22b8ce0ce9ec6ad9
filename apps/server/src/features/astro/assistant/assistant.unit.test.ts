import { describe, expect, it } from 'vitest';
import { intentOf } from './intents';
import { asksForbiddenPrediction, isSafeReply, speaksOfCrisis } from './safety';

describe('crisis questions, in three languages and in Hinglish', () => {
  it.each([
    'I want to kill myself',
    'thinking about suicide tonight',
    'I keep cutting myself',
    'I will kill him tomorrow',
    'main khudkushi karna chahta hu',
    'मैं आत्महत्या करना चाहती हूँ',
    'अब जीना नहीं है, मरना चाहता हूँ',
    'मैं उसे मार डालूँगा',
    'મારે આપઘાત કરવો છે',
    'મને જીવવું નથી',
  ])('%s', (question) => {
    expect(speaksOfCrisis(question)).toBe(true);
  });

  it.each(['What is my moon sign?', 'Which nakshatra was I born in?', 'मेरी राशि क्या है?', 'આજે કઈ તિથિ છે?', 'What does Mars in the eighth house mean?'])(
    'leaves an ordinary question alone: %s',
    (question) => {
      expect(speaksOfCrisis(question)).toBe(false);
      expect(asksForbiddenPrediction(question)).toBe(false);
    },
  );
});

describe('predictions the assistant declines', () => {
  it.each([
    'When will I die?',
    'How long will I live?',
    'Will my father recover from his illness?',
    'Will I have an accident this year?',
    'Will I get pregnant?',
    'Will I pass the exam?',
    'Will I win the court case?',
    'Will I become rich?',
    'मेरी मृत्यु कब होगी?',
    'क्या मुझे कोर्ट में जीत मिलेगी?',
    'મારું પરિણામ કેવું આવશે?',
    'મને પૈસા મળશે?',
  ])('%s', (question) => {
    expect(asksForbiddenPrediction(question)).toBe(true);
  });

  it('does not mistake "for example" or the yoga Ayushman for a forbidden topic', () => {
    expect(asksForbiddenPrediction('Tell me, for example, my lagna')).toBe(false);
    expect(asksForbiddenPrediction('आज आयुष्मान योग है क्या?')).toBe(false);
  });

  it('refuses a model reply that frightens or predicts', () => {
    expect(isSafeReply('Your moon sign is Cancer, a sign of care.')).toBe(true);
    expect(isSafeReply('Saturn brings bad luck and danger.')).toBe(false);
    expect(isSafeReply('शनि अशुभ है।')).toBe(false);
    expect(isSafeReply('You may fall ill next month.')).toBe(false);
  });
});

describe('intents', () => {
  it.each([
    ['What is my moon sign?', { kind: 'moon_sign' }],
    ['मेरी राशि क्या है?', { kind: 'moon_sign' }],
    ['મારી રાશિ કઈ છે?', { kind: 'moon_sign' }],
    ['What is my sun sign?', { kind: 'sun_sign' }],
    ['मेरा लग्न क्या है?', { kind: 'lagna' }],
    ['Which nakshatra was I born in?', { kind: 'nakshatra' }],
    ["What is today's tithi?", { kind: 'panchang' }],
    ['આજનું પંચાંગ', { kind: 'panchang' }],
    ['Am I manglik?', { kind: 'dosha' }],
    ['What does Saturn in the tenth house mean?', { kind: 'planet', body: 'saturn', askedHouse: 10 }],
    ['Saturn in 7th house?', { kind: 'planet', body: 'saturn', askedHouse: 7 }],
    ['दसवें भाव में शनि का क्या अर्थ है?', { kind: 'planet', body: 'saturn', askedHouse: 10 }],
    ['દસમા ભાવમાં શનિનો અર્થ શું છે?', { kind: 'planet', body: 'saturn', askedHouse: 10 }],
    ['Where is Jupiter?', { kind: 'planet', body: 'jupiter', askedHouse: null }],
    ['What is the rashi of Venus?', { kind: 'planet', body: 'venus', askedHouse: null }],
    ['Tell me something', { kind: 'general' }],
  ])('%s', (question, intent) => {
    expect(intentOf(question)).toEqual(intent);
  });
});

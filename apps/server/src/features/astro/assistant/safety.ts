/**
 * The assistant's safety rules, the same for the built-in answerer and the language model,
 * applied before (to the question) and after (to a model's reply):
 *
 * - a question that speaks of suicide, self-harm or violence, in English, Hindi (Devanagari or
 *   Latin letters) or Gujarati, gets no astrology but the helplines and the SOS button;
 * - no predictions of death or lifespan, illness, accidents, pregnancy, or the outcome of
 *   exams, court cases or money matters: such a question is declined kindly;
 * - no fear: a model's reply that predicts those things or threatens is replaced.
 *
 * Matching is on lower-cased text; Latin words are matched at word starts so "die" does not
 * match "diet" (the Indic scripts have no case and join words less, so they match anywhere).
 */

const latin = (words: string[]) => new RegExp(`\\b(?:${words.join('|')})`, 'u');
const indic = (words: string[]) => new RegExp(`(?:${words.join('|')})`, 'u');

const CRISIS = [
  latin([
    'suicid',
    'kill (?:my ?self|myself|me\\b)',
    'end (?:my|this) life',
    'take my (?:own )?life',
    'want to die',
    'wanna die',
    'better off dead',
    'no reason to live',
    "don'?t want to live",
    'self[- ]?harm',
    'hurt(?:ing)? my ?self',
    'cut(?:ting)? my ?self',
    'kill (?:him|her|them|someone|somebody|my)',
    'murder',
    'khud ?kushi',
    'aatm ?hatya',
    'atm ?hatya',
    'marna chaht',
    'mar jaun',
    'jeena nahi',
    'jaan de d',
  ]),
  indic([
    'आत्महत्या',
    'ख़ुदकुशी',
    'खुदकुशी',
    'मरना चाह',
    'मर जाऊ',
    'जान दे द',
    'जीना नहीं',
    'जीने का मन नहीं',
    'खुद को (?:नुकसान|चोट)',
    'अपने आप को (?:नुकसान|चोट|मार)',
    'मार डाल',
    'जान से मार',
    'हत्या',
    'આત્મહત્યા',
    'આપઘાત',
    'મરી જવ',
    'મરવા માંગ',
    'મરવું છે',
    'જીવવું નથી',
    'પોતાને (?:નુકસાન|ઈજા|ઇજા)',
    'મારી નાખ',
    'હત્યા',
  ]),
];

/** Predictions the assistant never makes (its questions are declined; a model's reply containing them is replaced). */
const FORBIDDEN = [
  latin([
    'death',
    'die\\b',
    'dying',
    'dead\\b',
    'lifespan',
    'life span',
    'how long (?:will|do) i live',
    'longevity',
    'ill(?:ness)?\\b',
    'disease',
    'sick',
    'tumou?r',
    'accident',
    'pregnan',
    'conceive',
    'baby',
    'exam(?:s|ination)?\\b',
    'pass(?:ing)? (?:the|my)',
    'results?\\b',
    'court',
    'lawsuit',
    'legal case',
    'money',
    'lottery',
    'rich\\b',
    'wealth',
    'stock',
    'share market',
    'profit',
    'loan',
    'maut',
    'mrityu',
    'bimari',
    'pariksha',
  ]),
  indic([
    'मृत्यु',
    'मौत',
    'मरेंग',
    'मरूँग',
    'मरूंग',
    'आयु(?!ष्मान)',
    'उम्र कितनी',
    'बीमार',
    'रोग',
    'दुर्घटना',
    'एक्सीडेंट',
    'गर्भ',
    'प्रेग्नें',
    'बच्चा होग',
    'परीक्षा',
    'परिणाम',
    'रिज़ल्ट',
    'रिजल्ट',
    'कोर्ट',
    'अदालत',
    'मुकदम',
    'पैसा',
    'पैसे',
    'धन ',
    'लॉटरी',
    'शेयर',
    'મૃત્યુ',
    'મોત',
    'મરીશ',
    'આયુષ્ય',
    'બીમાર',
    'રોગ',
    'અકસ્માત',
    'ગર્ભ',
    'પ્રેગ્નન્સી',
    'બાળક થશે',
    'પરીક્ષા',
    'પરિણામ',
    'રિઝલ્ટ',
    'કોર્ટ',
    'કેસ',
    'પૈસા',
    'લોટરી',
    'શેર',
  ]),
];

/** Words of fear a reply must not carry. */
const FEAR = [
  latin(['curse', 'doom', 'danger', 'disaster', 'misfortune', 'bad luck', 'will suffer', 'terrible', 'catastroph', 'evil', 'unlucky', 'beware']),
  indic(['श्राप', 'शाप', 'खतरा', 'ख़तरा', 'संकट', 'अनिष्ट', 'विनाश', 'दुर्भाग्य', 'अशुभ', 'શ્રાપ', 'જોખમ', 'સંકટ', 'અનિષ્ટ', 'વિનાશ', 'દુર્ભાગ્ય', 'અશુભ']),
];

const matches = (patterns: RegExp[], text: string) => {
  const lower = text.toLowerCase();
  return patterns.some((pattern) => pattern.test(lower));
};

export function speaksOfCrisis(text: string): boolean {
  return matches(CRISIS, text);
}

export function asksForbiddenPrediction(text: string): boolean {
  return matches(FORBIDDEN, text);
}

/** A model's reply that may be shown: no crisis talk, no forbidden predictions, no fear. */
export function isSafeReply(text: string): boolean {
  return !matches(CRISIS, text) && !matches(FORBIDDEN, text) && !matches(FEAR, text);
}

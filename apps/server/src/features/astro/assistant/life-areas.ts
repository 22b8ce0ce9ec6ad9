import type { Body, Sign } from '@saathi/shared';

/**
 * The common life questions ("Is this a good year for my career?") and the house the
 * tradition reads for each, in whole-sign houses from the lagna (or from the Moon's sign when
 * the chart has no birth time).
 */
export const LIFE_AREAS = ['career', 'money', 'marriage', 'health', 'education', 'home', 'travel'] as const;
export type LifeArea = (typeof LIFE_AREAS)[number];

export const HOUSE_OF_AREA: Record<LifeArea, number> = { career: 10, money: 2, marriage: 7, health: 1, education: 5, home: 4, travel: 9 };

/** The lord (swami) of each sign, Parashari: no outer planets, no nodes. */
export const SIGN_LORD: Record<Sign, Body> = {
  aries: 'mars',
  taurus: 'venus',
  gemini: 'mercury',
  cancer: 'moon',
  leo: 'sun',
  virgo: 'mercury',
  libra: 'venus',
  scorpio: 'mars',
  sagittarius: 'jupiter',
  capricorn: 'saturn',
  aquarius: 'saturn',
  pisces: 'jupiter',
};

/** Houses counted from a transiting planet that its full gaze (drishti) falls on: every planet the 7th, Saturn also the 3rd and 10th, Jupiter the 5th and 9th. */
export const GAZE: Partial<Record<Body, readonly number[]>> = { saturn: [3, 7, 10], jupiter: [5, 7, 9] };

/** Latin words at word starts (so "work" does not match "homework"), Indic words anywhere, as in safety.ts. */
const latin = (words: string[]) => new RegExp(`\\b(?:${words.join('|')})`, 'u');
const indic = (words: string[]) => new RegExp(`(?:${words.join('|')})`, 'u');

/**
 * Words of each area in English, Hinglish, Hindi and Gujarati. Money words the safety rules
 * decline ("money", "rich", "पैसा"...) never reach here; plain "lagna"/"લગ્ન" is the
 * ascendant, so Gujarati marriage needs a word that says marriage.
 */
const AREA_WORDS: [LifeArea, RegExp[]][] = [
  [
    'career',
    [
      latin(['career', 'jobs?\\b', 'work\\b', 'working', 'profession', 'promotion', 'business', 'office', 'naukri', 'naukari', 'kaam\\b', 'vyapar', 'dhandha']),
      indic([
        'करियर',
        'कैरियर',
        'नौकरी',
        'काम',
        'व्यवसाय',
        'व्यापार',
        'कारोबार',
        'पेशा',
        'प्रमोशन',
        'કારકિર્દી',
        'કરિયર',
        'નોકરી',
        'કામ',
        'ધંધ',
        'વ્યવસાય',
        'વેપાર',
        'પ્રમોશન',
      ]),
    ],
  ],
  [
    'money',
    [
      latin(['financ', 'income', 'savings', 'earning', 'salary', 'arthik', 'kamai', 'paisa', 'aamdani', 'dhan\\b']),
      indic(['आर्थिक', 'आमदनी', 'कमाई', 'बचत', 'वेतन', 'तनख़्वाह', 'तनख्वाह', 'આર્થિક', 'આવક', 'કમાણી', 'બચત', 'પગાર']),
    ],
  ],
  [
    'marriage',
    [
      latin([
        'marriage',
        'marry',
        'married',
        'wedding',
        'spouse',
        'partner',
        'relationship',
        'love life',
        'shaadi',
        'shadi',
        'vivah',
        'rishta',
        'jeevan ?sathi',
      ]),
      indic([
        'विवाह',
        'शादी',
        'रिश्त',
        'जीवनसाथी',
        '(?:^|\\s)पति',
        'पत्नी',
        'प्रेम',
        'લગ્નજીવન',
        'લગ્ન (?:ક્યારે|ક્યાર|થશે|માટે|કેવું|કેવા)',
        'વિવાહ',
        'જીવનસાથી',
        '(?:^|\\s)પતિ',
        'પત્ની',
        'સંબંધ',
        'પ્રેમ',
      ]),
    ],
  ],
  ['health', [latin(['health', 'well-?being', 'fitness', 'sehat', 'swasth']), indic(['स्वास्थ्य', 'सेहत', 'तंदुरुस्ती', 'સ્વાસ્થ્ય', 'તબિયત', 'આરોગ્ય', 'તંદુરસ્તી'])]],
  [
    'education',
    [
      latin(['education', 'stud(?:y|ies|ying)', 'college', 'school', 'university', 'learning', 'padhai', 'padai', 'shiksha']),
      indic(['पढ़ाई', 'पढाई', 'शिक्षा', 'अध्ययन', 'कॉलेज', 'स्कूल', 'ભણતર', 'અભ્યાસ', 'શિક્ષણ', 'કૉલેજ', 'કોલેજ', 'સ્કૂલ', 'શાળા']),
    ],
  ],
  [
    'home',
    [
      latin(['home\\b', 'property', 'flat\\b', 'apartment', 'new house', 'own house', 'makaan', 'makan\\b', 'ghar\\b']),
      indic(['मकान', 'प्रॉपर्टी', 'संपत्ति', 'अपना घर', 'नया घर', 'घर (?:कब|ख़रीद|खरीद|ले)', 'મકાન', 'મિલકત', 'પ્રોપર્ટી', 'નવું ઘર', 'પોતાનું ઘર', 'ઘર (?:ક્યારે|ખરીદ|લઈ)']),
    ],
  ],
  [
    'travel',
    [
      latin(['travel', 'journey', 'abroad', 'foreign', 'trip\\b', 'relocat', 'videsh', 'yatra', 'safar']),
      indic(['यात्रा', 'विदेश', 'सफ़र', 'सफर', 'મુસાફરી', 'પ્રવાસ', 'યાત્રા', 'વિદેશ']),
    ],
  ],
];

/** The life area a question asks about, or null; the first area named wins. */
export function lifeAreaOf(question: string): LifeArea | null {
  const text = question.toLowerCase();
  let best: { area: LifeArea; at: number } | null = null;
  for (const [area, patterns] of AREA_WORDS) {
    for (const pattern of patterns) {
      const found = pattern.exec(text);
      if (found && (best === null || found.index < best.at)) best = { area, at: found.index };
    }
  }
  return best?.area ?? null;
}

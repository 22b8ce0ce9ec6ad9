/**
 * Local alerts describe what is happening, never who: a text that describes a person's looks,
 * religion, caste or community is refused (Nextdoor's "suspicious person" posts bred profiling).
 * The server applies this rule to every report; the web app may run it while the person types.
 *
 * Words are matched as whole words (English and romanised Hindi case-insensitively, plurals
 * listed), in English, Hindi and Gujarati. An entry ending in `*` also matches the word with any
 * ending (Hindi and Gujarati inflect: मुसलमानों, હિંદુઓ). Places of worship and common surnames are not
 * listed: "near the temple" or "Jain hospital" is how people give directions in India.
 */
export const ALERT_TEXT_TOPICS = ['looks', 'religion', 'caste', 'community'] as const;
export type AlertTextTopic = (typeof ALERT_TEXT_TOPICS)[number];

const WORDS: Record<AlertTextTopic, readonly string[]> = {
  looks: [
    // English
    'complexion',
    'skin colour',
    'skin color',
    'dark skinned',
    'fair skinned',
    'wheatish',
    'beard',
    'beards',
    'bearded',
    'moustache',
    'mustache',
    'hairstyle',
    'burqa',
    'burqas',
    'burka',
    'hijab',
    'hijabi',
    'skullcap',
    'turban',
    'turbaned',
    'ugly',
    'good looking',
    'scruffy',
    // romanised Hindi
    'daadhi',
    'dadhi',
    'topiwala',
    'topiwale',
    'saanwla',
    'sanwla',
    // Hindi
    'दाढ़ी*',
    'दाढी*',
    'मूंछ*',
    'मूँछ*',
    'सांवला',
    'सांवली',
    'साँवला',
    'साँवली',
    'गोरा',
    'गोरी',
    'बुर्का',
    'बुरका',
    'बुर्के',
    'टोपीवाला',
    'टोपीवाले',
    'पगड़ीवाला',
    'शक्ल*',
    'रंगरूप',
    'हुलिया',
    'हुलिये',
    // Gujarati
    'દાઢી*',
    'મૂછ*',
    'ગોરો',
    'ગોરી',
    'શ્યામવર્ણ*',
    'બુરખો',
    'બુરખા*',
    'ટોપીવાળો',
    'ટોપીવાળા',
    'દેખાવ*',
    'ચહેરો',
    'ચહેરા*',
  ],
  religion: [
    'religion',
    'religious',
    'hindu',
    'hindus',
    'muslim',
    'muslims',
    'musalman',
    'musalmans',
    'mussalman',
    'islam',
    'islamic',
    'christian',
    'christians',
    'sikh',
    'sikhs',
    'buddhist',
    'buddhists',
    'parsi',
    'parsis',
    'jew',
    'jews',
    'jewish',
    'jihadi',
    'jihadis',
    'kafir',
    'kafirs',
    'dharm',
    'mazhab',
    // Hindi
    'धर्म',
    'धर्मों',
    'धार्मिक',
    'मज़हब*',
    'मजहब*',
    'हिंदू*',
    'हिन्दू*',
    'मुसलमान*',
    'मुस्लिम*',
    'इस्लाम*',
    'ईसाई*',
    'सिख',
    'सिखों',
    'बौद्ध*',
    'पारसी*',
    'यहूदी*',
    'जिहादी*',
    'काफ़िर*',
    'काफिर*',
    // Gujarati
    'ધર્મ',
    'ધર્મના',
    'ધાર્મિક',
    'હિંદુ*',
    'હિન્દુ*',
    'મુસ્લિમ*',
    'મુસલમાન*',
    'ઇસ્લામ*',
    'ખ્રિસ્તી*',
    'શીખ',
    'બૌદ્ધ*',
    'પારસી*',
    'યહૂદી*',
  ],
  caste: [
    'caste',
    'castes',
    'casteist',
    'jati',
    'jaati',
    'jaat',
    'dalit',
    'dalits',
    'brahmin',
    'brahmins',
    'kshatriya',
    'vaishya',
    'shudra',
    'shudras',
    'harijan',
    'harijans',
    'untouchable',
    'untouchables',
    'chamar',
    'bhangi',
    'obc',
    // Hindi
    'जाति*',
    'जात',
    'दलित*',
    'ब्राह्मण*',
    'क्षत्रिय*',
    'वैश्य*',
    'शूद्र*',
    'हरिजन*',
    'अछूत*',
    'चमार*',
    'भंगी*',
    // Gujarati
    'જાતિ*',
    'જ્ઞાતિ*',
    'દલિત*',
    'બ્રાહ્મણ*',
    'ક્ષત્રિય*',
    'વૈશ્ય*',
    'શૂદ્ર*',
    'હરિજન*',
    'અછૂત*',
  ],
  community: [
    'migrant',
    'migrants',
    'outsider',
    'outsiders',
    'bihari',
    'biharis',
    'bangladeshi',
    'bangladeshis',
    'rohingya',
    'rohingyas',
    'north indian',
    'north indians',
    'south indian',
    'south indians',
    'northeastern people',
    'tribal',
    'tribals',
    'adivasi',
    'adivasis',
    'madrasi',
    'chinki',
    // Hindi
    'समुदाय*',
    'क़ौम*',
    'कौम*',
    'बिहारी*',
    'बांग्लादेशी*',
    'बंगलादेशी*',
    'रोहिंग्या*',
    'बाहरी',
    'बाहरवाले',
    'आदिवासी*',
    'प्रवासी*',
    'परप्रांतीय*',
    // Gujarati
    'સમુદાય*',
    'કોમ',
    'કોમના',
    'કોમી',
    'બિહારી*',
    'બાંગ્લાદેશી*',
    'રોહિંગ્યા*',
    'બહારના',
    'બહારવાળા',
    'આદિવાસી*',
    'પરપ્રાંતીય*',
  ],
};

interface Rule {
  topic: AlertTextTopic;
  /** One or more tokens. */
  tokens: string[];
  /** The last token may have any ending. */
  prefix: boolean;
}

/** Lower case, without accents' combining differences, split into words (letters, marks and digits). */
function tokensOf(text: string): string[] {
  return text
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((t) => t.length > 0);
}

const RULES: Rule[] = ALERT_TEXT_TOPICS.flatMap((topic) =>
  WORDS[topic].map((entry) => {
    const prefix = entry.endsWith('*');
    return { topic, tokens: tokensOf(prefix ? entry.slice(0, -1) : entry), prefix };
  }),
);

export interface RefusedAlertText {
  topic: AlertTextTopic;
  /** The words of the text that matched, as written in the list. */
  word: string;
}

/**
 * Why an alert text is refused: the first listed word about a person's looks, religion, caste or
 * community it contains, or null when it may be posted.
 */
export function refusedAlertText(text: string): RefusedAlertText | null {
  const tokens = tokensOf(text);
  for (let i = 0; i < tokens.length; i += 1) {
    for (const rule of RULES) {
      const n = rule.tokens.length;
      if (i + n > tokens.length) continue;
      let match = true;
      for (let k = 0; k < n; k += 1) {
        const token = tokens[i + k] as string;
        const want = rule.tokens[k] as string;
        const last = k === n - 1;
        if (!(token === want || (last && rule.prefix && token.startsWith(want)))) {
          match = false;
          break;
        }
      }
      if (match) return { topic: rule.topic, word: rule.tokens.join(' ') };
    }
  }
  return null;
}

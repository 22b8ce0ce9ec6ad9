import { describe, expect, it } from 'vitest';
import { refusedAlertText } from './alert-text';

describe('refusedAlertText', () => {
  it.each([
    'Water knee deep under the railway bridge, avoid the underpass',
    'Fire in a shop near the temple on MG Road, smoke everywhere',
    'Power cut in the whole sector since 8 pm',
    'Dark road, streetlights out near the school',
    'Crowd building up outside the stadium gate 3',
    'स्टेशन के पास सड़क पर पानी भर गया है, रास्ता बंद है',
    'बच्चों को तैरना सिखाना',
    'धर्मशाला के पास पेड़ गिरा है',
    'રેલવે સ્ટેશન પાસે પાણી ભરાયું છે',
    'Jain hospital road blocked by a fallen tree',
  ])('allows %j', (text) => {
    expect(refusedAlertText(text)).toBeNull();
  });

  it.each([
    ['A dark-skinned man with a beard is walking around', 'looks'],
    ['Tall guy, fair skinned, wearing a turban', 'looks'],
    ['दाढ़ी वाला आदमी घूम रहा है', 'looks'],
    ['બુરખો પહેરેલી સ્ત્રી', 'looks'],
    ['Muslims gathering near the market', 'religion'],
    ['Some HINDU boys blocking the road', 'religion'],
    ['मुसलमानों की भीड़ जमा है', 'religion'],
    ['હિંદુઓ ભેગા થયા છે', 'religion'],
    ['Lower caste people fighting', 'caste'],
    ['दलितों का झगड़ा', 'caste'],
    ['જ્ઞાતિના લોકો', 'caste'],
    ['Bangladeshi migrants near the station', 'community'],
    ['बिहारी लोग सड़क पर', 'community'],
    ['પરપ્રાંતીય લોકો', 'community'],
  ])('refuses %j (%s)', (text, topic) => {
    expect(refusedAlertText(text)?.topic).toBe(topic);
  });

  it('names the word that matched', () => {
    expect(refusedAlertText('flooding, and outsiders are looting')).toEqual({ topic: 'community', word: 'outsiders' });
    expect(refusedAlertText('A man with a skin   colour I noted')).toEqual({ topic: 'looks', word: 'skin colour' });
  });
});

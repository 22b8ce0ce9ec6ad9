import type { PlaceKey } from './places';

/** Incident reels; `video` names a file in media/reels/. */
export interface DemoReel {
  uploader: string;
  title: string;
  description: string;
  video: string;
  place: PlaceKey;
  hoursAgo: number;
  comments: Array<{ by: string; text: string }>;
}

export const DEMO_REELS: DemoReel[] = [
  {
    uploader: '9000000035',
    title: 'Waterlogged underpass',
    video: 'reel-1.webm',
    place: 'bopal',
    hoursAgo: 3,
    description: 'Knee-deep water in the underpass after an hour of rain. Two-wheelers, please take the service road.',
    comments: [
      { by: '9000000002', text: 'Thanks for the warning, took the other road.' },
      { by: '9000000026', text: 'પાણી હજુ ભરાયેલું છે, ધ્યાન રાખજો.' },
    ],
  },
  {
    uploader: '9000000024',
    title: 'Tree down after storm',
    video: 'reel-2.webm',
    place: 'bandra',
    hoursAgo: 9,
    description: 'A gulmohar tree fell across the lane. The fire brigade has been informed; avoid parking under trees tonight.',
    comments: [{ by: '9000000007', text: 'Team is on the way with cutters.' }],
  },
  {
    uploader: '9000000027',
    title: 'Cattle on the highway',
    video: 'reel-3.webm',
    place: 'ghatkopar',
    hoursAgo: 20,
    description: 'रात में हाईवे पर मवेशी बैठे हैं, धीरे चलाएँ और हेडलाइट डिप रखें।',
    comments: [{ by: '9000000025', text: 'बहुत ज़रूरी जानकारी, धन्यवाद।' }],
  },
  {
    uploader: '9000000013',
    title: 'Help arrived in minutes',
    video: 'reel-4.webm',
    place: 'satellite',
    hoursAgo: 30,
    description: 'Minor collision at the crossroads. Volunteers nearby reached before the ambulance and kept the rider still.',
    comments: [
      { by: '9000000037', text: 'Great work by everyone who stopped to help.' },
      { by: '9000000003', text: 'Remember: do not remove a rider’s helmet unless they cannot breathe.' },
    ],
  },
  {
    uploader: '9000000016',
    title: 'Society fire drill',
    video: 'reel-5.webm',
    place: 'bopal',
    hoursAgo: 52,
    description: 'Monthly fire drill at our housing society: everyone out in four minutes. Know your nearest exit.',
    comments: [{ by: '9000000029', text: 'અમારી સોસાયટીમાં પણ આવું કરવું જોઈએ.' }],
  },
];

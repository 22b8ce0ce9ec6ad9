import type { PostPriority } from '../../core/db/tables/community';
import type { PlaceKey } from './places';

/** Community posts; `images` name files in media/posts/. */
export interface DemoPost {
  author: string;
  /** Posted as the author's business (name, category, WhatsApp and business location). */
  asBusiness?: boolean;
  title: string;
  description: string;
  tags: string[];
  /** Defaults to the author's home (or business location for business posts). */
  place?: PlaceKey;
  hoursAgo: number;
  images?: string[];
  priority?: PostPriority;
  showLocation?: boolean;
  comments?: Array<{ by: string; text: string }>;
}

export const DEMO_POSTS: DemoPost[] = [
  {
    author: '9000000017',
    asBusiness: true,
    title: 'Kesar mangoes are here!',
    hoursAgo: 2,
    images: ['post-1.jpg'],
    description: 'Fresh Kesar mangoes from Talala, Gir. ₹120/kg, boxes of 3 kg available. Order from our catalog for home delivery within 3 km.',
    tags: ['mango', 'fruits', 'satellite'],
    comments: [{ by: '9000000002', text: 'Ordered a box, they are lovely!' }],
  },
  {
    author: '9000000029',
    title: 'ગરબા રિહર્સલ આ રવિવારે',
    hoursAgo: 4,
    images: ['post-2.jpg'],
    showLocation: true,
    description: 'નવરાત્રી પહેલાં સોસાયટીના પ્લોટમાં ગરબા રિહર્સલ રવિવાર સાંજે 7 વાગ્યે. બધા પરિવારોને આમંત્રણ. બાળકો સાથે વડીલ જરૂર આવે.',
    tags: ['garba', 'navratri', 'naranpura'],
    comments: [{ by: '9000000026', text: 'અમે આવીશું!' }],
  },
  {
    author: '9000000003',
    title: 'Blood donation camp on Saturday',
    hoursAgo: 6,
    images: ['post-3.jpg'],
    priority: 'high',
    showLocation: true,
    description:
      'Blood donation camp at the community hall, Saturday 9 am to 2 pm. Donors must be 18 to 65 years old and weigh at least 50 kg. Eat a light meal before you come and bring a photo ID. Details: https://eraktkosh.mohfw.gov.in',
    tags: ['blooddonation', 'health', 'volunteer'],
    comments: [
      { by: '9000000035', text: 'Count me in. Bringing three friends from college.' },
      { by: '9000000013', text: 'I will be there to help with screening.' },
    ],
  },
  {
    author: '9000000006',
    title: 'Road repair near the crossroads',
    hoursAgo: 8,
    images: ['post-4.jpg'],
    priority: 'medium',
    description:
      'Road resurfacing near Maninagar crossroads from 10 pm to 5 am all week. Traffic diverted via the railway crossing road. Please drive slowly and follow the barricades.',
    tags: ['traffic', 'maninagar'],
  },
  {
    author: '9000000037',
    title: 'Lost dog: brown Indie, answers to Bruno',
    hoursAgo: 10,
    images: ['post-5.jpg'],
    showLocation: true,
    description: 'Our dog Bruno went missing near Satellite last evening. Brown Indie, red collar, very friendly. If you see him, please comment here.',
    tags: ['lostandfound', 'pets', 'satellite'],
    comments: [{ by: '9000000002', text: 'Sharing with our society group.' }],
  },
  {
    author: '9000000018',
    asBusiness: true,
    title: 'Home-style tiffin, monthly plans',
    hoursAgo: 12,
    images: ['post-6.jpg'],
    description: 'Gujarati home-style lunch: dal, bhaat, shaak, rotli and salad. Monthly plan ₹2,800. Jain food available on request.',
    tags: ['tiffin', 'homefood', 'navrangpura'],
  },
  {
    author: '9000000021',
    asBusiness: true,
    title: 'Board exam batches open',
    hoursAgo: 14,
    images: ['post-7.jpg'],
    description: 'Class 10 Maths and Science batches start next Monday. Small groups of 12, weekly tests, doubt sessions on Saturday.',
    tags: ['tuition', 'education', 'powai'],
  },
  {
    author: '9000000035',
    title: 'Clean-up drive: 40 volunteers, 2 tonnes of waste',
    hoursAgo: 20,
    images: ['post-8.jpg', 'post-14.jpg'],
    showLocation: true,
    description:
      'Thank you to everyone who joined the lake clean-up this morning. We collected about two tonnes of plastic and debris. Next drive in two weeks, gloves provided.',
    tags: ['cleanup', 'volunteer', 'bopal'],
    comments: [
      { by: '9000000033', text: 'Proud of this team!' },
      { by: '9000000039', text: 'I will join the next one.' },
    ],
  },
  {
    author: '9000000020',
    asBusiness: true,
    title: 'Free bike check-up camp',
    hoursAgo: 26,
    images: ['post-9.jpg'],
    description: 'Before the monsoon: free brake, tyre and light check for two-wheelers this Sunday, 9 am to 1 pm. Paid service at 20% off on the day.',
    tags: ['bikeservice', 'monsoon', 'maninagar'],
  },
  {
    author: '9000000024',
    title: 'मानसून से पहले नालियों की सफ़ाई',
    hoursAgo: 30,
    images: ['post-10.jpg'],
    description: 'बांद्रा वेस्ट की हमारी गली में नालियों की सफ़ाई शनिवार सुबह होगी। कृपया नालियों में प्लास्टिक न डालें, वरना बारिश में पानी भर जाता है।',
    tags: ['monsoon', 'bandra', 'swachhta'],
    comments: [{ by: '9000000036', text: 'बहुत बढ़िया पहल!' }],
  },
  {
    author: '9000000019',
    asBusiness: true,
    title: 'Hot vada pav, ₹20',
    hoursAgo: 34,
    images: ['post-11.jpg', 'post-13.jpg', 'post-2.jpg'],
    description: 'Fresh vada pav, misal pav and pav bhaji from 7 am. Right outside Dadar station (west). Cutting chai on the house for students on Fridays!',
    tags: ['vadapav', 'streetfood', 'dadar'],
  },
  {
    author: '9000000022',
    asBusiness: true,
    title: '2BHK for rent near metro',
    hoursAgo: 40,
    images: ['post-12.jpg', 'post-4.jpg', 'post-8.jpg', 'post-14.jpg'],
    description: 'Semi-furnished 2BHK, 850 sq ft, 5 minutes from the metro station. Family preferred. Rent ₹45,000, deposit three months.',
    tags: ['rental', 'andheri', 'flat'],
  },
  {
    author: '9000000033',
    title: 'Street light fixed after 3 weeks',
    hoursAgo: 46,
    images: ['post-13.jpg'],
    priority: 'low',
    description: 'The dark stretch behind the school finally has working lights. Thanks to everyone who raised complaints.',
    tags: ['streetlight', 'chandkheda'],
  },
  {
    author: '9000000038',
    title: 'Morning yoga in the park',
    hoursAgo: 50,
    images: ['post-14.jpg'],
    description: 'Free yoga session every day at 6:30 am near the lake garden gate. Bring a mat and water. Beginners and seniors welcome.',
    tags: ['yoga', 'health', 'powai'],
  },
  {
    author: '9000000005',
    title: 'सांप काटने पर क्या करें',
    hoursAgo: 56,
    priority: 'high',
    description: 'बारिश में सांप ज़्यादा दिखते हैं। काटने पर घबराएँ नहीं, अंग को स्थिर रखें, कसकर पट्टी या चीरा न लगाएँ और तुरंत 108 पर कॉल करके नज़दीकी अस्पताल जाएँ।',
    tags: ['firstaid', 'monsoon', 'health'],
    comments: [{ by: '9000000034', text: 'बहुत उपयोगी जानकारी।' }],
  },
  {
    author: '9000000026',
    title: 'વરસાદમાં વીજળીના થાંભલાથી દૂર રહો',
    hoursAgo: 62,
    priority: 'medium',
    description: 'થલતેજમાં એક થાંભલા પાસે વાયર ખુલ્લો છે. વીજ કંપનીને જાણ કરી છે. ત્યાં સુધી બાળકોને દૂર રાખજો અને પાણીમાં ન ચાલશો.',
    tags: ['safety', 'thaltej', 'monsoon'],
  },
  {
    author: '9000000030',
    title: 'Free self-defence workshop for women',
    hoursAgo: 70,
    showLocation: true,
    description:
      'Two-hour self-defence basics workshop at the Kurla community centre this Sunday at 4 pm. Run by trained instructors. Girls aged 13 and above welcome with a guardian.',
    tags: ['selfdefence', 'womensafety', 'kurla'],
    comments: [
      { by: '9000000040', text: 'Registering with my sister.' },
      { by: '9000000025', text: 'Much needed. Thank you for organising.' },
    ],
  },
  {
    author: '9000000002',
    title: 'Found: a wallet near the bus stop',
    hoursAgo: 76,
    description:
      'Found a brown wallet near the Vastrapur bus stop this morning. It has an ID card. Handed it over to the police chowki; describe it there to collect it.',
    tags: ['lostandfound', 'vastrapur'],
  },
  {
    author: '9000000031',
    title: 'Power cut schedule this week',
    hoursAgo: 90,
    priority: 'low',
    description: 'Maintenance power cuts in parts of Colaba on Tuesday and Thursday, 10 am to 2 pm. Keep phones and power banks charged.',
    tags: ['powercut', 'colaba'],
  },
  {
    author: '9000000011',
    title: 'Senior citizens helpdesk every Saturday',
    hoursAgo: 110,
    showLocation: true,
    description:
      'Help with pension forms, bank KYC and medicine reminders for senior citizens, every Saturday 10 am to noon at the Ellisbridge library. Volunteers welcome too.',
    tags: ['seniors', 'volunteer', 'ellisbridge'],
  },
  {
    author: '9000000017',
    asBusiness: true,
    title: 'Sunday special: fruit baskets',
    hoursAgo: 130,
    images: ['post-1.jpg', 'post-14.jpg'],
    description: 'Seasonal fruit baskets for gifting and hospital visits, from ₹499. Order a day ahead.',
    tags: ['fruits', 'gifting'],
  },
  {
    author: '9000000036',
    title: 'Blood needed: B negative',
    hoursAgo: 150,
    priority: 'high',
    description:
      'A relative needs two units of B negative blood for surgery at a Bandra hospital tomorrow morning. Please message if you can donate. Thank you.',
    tags: ['blooddonation', 'urgent', 'bandra'],
    comments: [{ by: '9000000004', text: 'Check the blood bank availability on eRaktKosh too.' }],
  },
];

import { describe, expect, it } from 'vitest';
import { BusinessName, PersonName } from '../schemas/names';
import { EmergencyContact, UpdateUserBody } from '../schemas/user';
import { businessNameProblem, cutGraphemes, looksLikeLink, personNameProblem, SMS_NAME_MAX, smsName } from './names';

const issueOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : result.error?.issues[0]?.message);

describe('a person’s name', () => {
  it.each([
    'प्रिया शर्मा',
    'ધ્રુવ પટેલ',
    "Anil D'Souza",
    'Anil D’Souza',
    'Rao-Reddy',
    'Dr. K. Iyer',
    'A.R.Rahman',
    'K.Iyer',
    'Zoë Brontë',
    'ஸ்ரீநிவாசன்',
    'क्‍ष',
    'x'.repeat(60),
  ])('accepts %s', (name) => {
    expect(PersonName.safeParse(name)).toEqual({ success: true, data: name });
  });

  it('trims the spaces around it and collapses nothing inside', () => {
    expect(PersonName.parse('  Meera  Shah ')).toBe('Meera  Shah');
  });

  it.each([
    ['Priya123', 'Name cannot contain digits'],
    ['प्रिया१', 'Name cannot contain digits'],
    ['visit http://x.io', 'Name cannot contain a link'],
    ['a.b.com', 'Name cannot contain a link'],
    ['www.example', 'Name cannot contain a link'],
    ['Priya bit.ly', 'Name cannot contain a link'],
    ['line\nbreak', 'Name must be on one line'],
    ['carriage\rreturn', 'Name must be on one line'],
    ['para\u2029graph', 'Name must be on one line'],
    ['Priya 😀', "Name can hold only letters, spaces, . ' and -"],
    ['Priya & Co', "Name can hold only letters, spaces, . ' and -"],
    ['tab\there', "Name can hold only letters, spaces, . ' and -"],
    ["'.-", "Name can hold only letters, spaces, . ' and -"],
    ['x'.repeat(61), 'Name can be at most 60 characters'],
    ['   ', 'Name is required'],
  ])('rejects %j: %s', (name, message) => {
    expect(issueOf(PersonName.safeParse(name))).toBe(message);
  });

  it('says why a name breaks the rule', () => {
    expect(personNameProblem('Priya123')).toBe('digit');
    expect(personNameProblem('www.example')).toBe('link');
    expect(personNameProblem('a\nb')).toBe('lineBreak');
    expect(personNameProblem('a@b')).toBe('character');
    expect(personNameProblem('प्रिया शर्मा')).toBeNull();
  });
});

describe('a business name', () => {
  it.each(['Shop No. 5', 'Patel Fruits & Vegetables', 'A/B Traders, Surat', "D'Souza Bakers", 'श्री गणेश ट्रेडर्स', 'દુકાન નં. ૧૨', '7/11', 'x'.repeat(100), ''])(
    'accepts %j',
    (name) => {
      expect(BusinessName.safeParse(name)).toEqual({ success: true, data: name });
    },
  );

  it.each([
    ['Patel Fruits www.patelfruits.in', 'Business name cannot contain a link'],
    ['Order at https://x.io', 'Business name cannot contain a link'],
    ['patelfruits.com', 'Business name cannot contain a link'],
    ['Shop 192.168.1.1', 'Business name cannot contain a link'],
    ['Shop\nNo. 5', 'Business name must be on one line'],
    ['Shop #5', "Business name can hold only letters, digits, spaces, . ' - & , and /"],
    ['x'.repeat(101), 'Business name can be at most 100 characters'],
  ])('rejects %j: %s', (name, message) => {
    expect(issueOf(BusinessName.safeParse(name))).toBe(message);
  });

  it('allows digits where a person’s name does not', () => {
    expect(businessNameProblem('Shop No. 5')).toBeNull();
    expect(personNameProblem('Shop No. 5')).toBe('digit');
  });
});

describe('links', () => {
  it.each(['http://x.io', 'HTTPS://X.IO', 'www.example', 'WWW2.example', 'a.b.com', 'bit.ly/abc', 't.me', 'wa.me', 'x.co.in', 'site.भारत', '10.0.0.1'])(
    'finds one in %s',
    (text) => {
      expect(looksLikeLink(text)).toBe(true);
    },
  );

  it.each(['Dr. K. Iyer', 'A.R.Rahman', 'Shop No. 5', 'Awww.', 'Sai Comforts', 'Patel & Co.', 'in', 'K. Com'])('finds none in %s', (text) => {
    expect(looksLikeLink(text)).toBe(false);
  });
});

describe('emergency contacts', () => {
  it('checks a new contact’s name with the name rule', () => {
    expect(issueOf(EmergencyContact.safeParse({ name: 'Mom 2', phoneNumber: '9876543210' }))).toBe('Name cannot contain digits');
    expect(EmergencyContact.parse({ name: ' ધ્રુવ ', phoneNumber: '9876543210' }).name).toBe('ધ્રુવ');
  });

  it('lets a list carry a contact kept from before the rule (the server checks names it did not have)', () => {
    const parsed = UpdateUserBody.safeParse({ emergencyContacts: [{ name: 'Mom 2', phoneNumber: '9876543210' }] });
    expect(parsed.success).toBe(true);
    expect(UpdateUserBody.safeParse({ emergencyContacts: [{ name: 'x'.repeat(81), phoneNumber: '9876543210' }] }).success).toBe(false);
  });

  it('checks the profile’s name and business name when they are sent', () => {
    const pathOf = (body: unknown) => {
      const result = UpdateUserBody.safeParse(body);
      return result.success ? null : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)[0];
    };
    expect(pathOf({ name: 'Priya123' })).toBe('name: Name cannot contain digits');
    expect(pathOf({ businessName: 'Shop\nNo. 5' })).toBe('businessName: Business name must be on one line');
    expect(pathOf({ businessName: null, city: 'Surat' })).toBeNull();
    expect(pathOf({ city: 'Surat' })).toBeNull();
  });
});

describe('smsName: what an SMS quotes of a name', () => {
  it.each([
    ['Meera Shah', 'Meera'],
    ['  प्रिया शर्मा ', 'प्रिया'],
    ['ધ્રુવ પટેલ', 'ધ્રુવ'],
    ["Anil D'Souza", 'Anil'],
    ['Rao-Reddy Venkat', 'Rao-Reddy'],
    ['Dr. K. Iyer', 'Dr.'],
    // Rows from before the name rule: only the leading letters of the first word, and no link at all.
    ['Priya123 Shah', 'Priya'],
    ['visit http://x.io', 'visit'],
    ['Priya\nhttp://x.io', 'Priya'],
    ['www.evil.example Priya', null],
    ['http://x.io', null],
    ['bit.ly/abc', null],
    ['Priya.com123', null],
    ['12345', null],
    ['😀 Priya', null],
    ['', null],
    [null, null],
  ])('%j → %j', (name, expected) => {
    expect(smsName(name)).toBe(expected);
  });

  it('cuts a long first name to 30 characters', () => {
    const long = `${'Venkata'.repeat(10)} Rao`;
    expect(smsName(long)).toBe('Venkata'.repeat(10).slice(0, SMS_NAME_MAX));
    expect([...(smsName(long) ?? '')]).toHaveLength(30);
  });

  it('never leaves a vowel sign or virama cut off its letter', () => {
    // 'कि' is two code points (consonant + vowel sign): 15 of them fill 30, 16 would split the 16th.
    expect(smsName('कि'.repeat(20))).toBe('कि'.repeat(15));
    // 'क्ष' is three code points: ten fill 30; a name of 11 keeps 10, not a dangling 'क्'.
    expect(smsName('क्ष'.repeat(11))).toBe('क्ष'.repeat(10));
    // An odd count: 'a' then 'કિ' pairs, the 15th pair would need points 30 and 31.
    const gujarati = `a${'કિ'.repeat(20)}`;
    expect(smsName(gujarati)).toBe(`a${'કિ'.repeat(14)}`);
  });

  it('cuts the same way where Intl.Segmenter is missing', () => {
    const segmenter = Intl.Segmenter;
    Reflect.deleteProperty(Intl, 'Segmenter');
    try {
      expect(cutGraphemes('कि'.repeat(20), SMS_NAME_MAX)).toBe('कि'.repeat(15));
      expect(cutGraphemes('क्ष'.repeat(11), SMS_NAME_MAX)).toBe('क्ष'.repeat(10));
      expect(cutGraphemes(`a${'કિ'.repeat(20)}`, SMS_NAME_MAX)).toBe(`a${'કિ'.repeat(14)}`);
      expect(cutGraphemes('𝒜'.repeat(40), SMS_NAME_MAX)).toBe('𝒜'.repeat(30));
    } finally {
      Object.defineProperty(Intl, 'Segmenter', { value: segmenter, writable: true, configurable: true });
    }
  });

  it('never splits a surrogate pair (letters beyond the Basic Multilingual Plane)', () => {
    const astral = '𝒜'.repeat(40);
    const cut = cutGraphemes(astral, SMS_NAME_MAX);
    expect([...cut]).toHaveLength(30);
    expect(cut).toBe('𝒜'.repeat(30));
    expect(/[\uD800-\uDBFF]$/.test(cut)).toBe(false);
  });
});

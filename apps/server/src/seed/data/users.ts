import type { BusinessCategory, DefaultApp, GrantedRole, Language, Profession, UserType } from '@saathi/shared';
import type { PlaceKey } from './places';

export interface DemoContact {
  name: string;
  phone: string;
  relation: string;
}

export interface DemoBusiness {
  name: string;
  category: BusinessCategory;
  whatsapp: string;
  place: PlaceKey;
}

export interface DemoUser {
  phone: string;
  name: string;
  dob: string;
  place: PlaceKey;
  email?: string;
  /** Roles granted besides `user` (README.md's demo table names who holds which). */
  roles?: GrantedRole[];
  userType?: UserType;
  language?: Language;
  defaultApp?: DefaultApp;
  /** A volunteer: available for the community, found by volunteers-nearby. */
  profession?: Profession;
  /** Volunteers who also share their live position (users.last_location). */
  sharesLiveLocation?: boolean;
  paidService?: boolean;
  ambassador?: boolean;
  business?: DemoBusiness;
  /** Phone number of the user who referred this one. */
  referredBy?: string;
  contacts: DemoContact[];
  /** Saved places besides home (work, college, parents' house). */
  otherPlaces?: Array<{ name: string; place: PlaceKey }>;
  recordsOnSos?: boolean;
}

/** Emergency contacts outside the app use the 90000001NN range: never a real subscriber. */
const family = (name: string, n: number, relation: string): DemoContact => ({
  name,
  phone: `90000001${String(n).padStart(2, '0')}`,
  relation,
});
const member = (name: string, phone: string, relation: string): DemoContact => ({ name, phone, relation });

/**
 * Inserted in this order into an empty table, so user N gets id N: SPEC.md's privileged ids
 * (1 = brand avatar, 2/24/25/30/31 = share button, 3..7 = location helper) land on these rows.
 */
export const DEMO_USERS: DemoUser[] = [
  {
    phone: '9000000001',
    name: 'Rohan Desai',
    dob: '1986-04-12',
    place: 'navrangpura',
    roles: ['admin'],
    email: 'admin@saathi.example',
    userType: 'Adult',
    contacts: [family('Nisha Desai', 1, 'Spouse')],
  },
  {
    phone: '9000000002',
    name: 'Priya Sharma',
    dob: '1997-08-23',
    place: 'vastrapur',
    email: 'priya.sharma@example.com',
    referredBy: '9000000001',
    contacts: [family('Sunil Sharma', 2, 'Father'), member('Anil Patel', '9000000003', 'Family doctor')],
    otherPlaces: [{ name: 'Office', place: 'navrangpura' }],
    recordsOnSos: true,
  },
  {
    phone: '9000000003',
    name: 'Anil Patel',
    dob: '1975-02-05',
    place: 'navrangpura',
    profession: 'Doctor General',
    sharesLiveLocation: true,
    paidService: true,
    userType: 'Adult',
    contacts: [family('Rekha Patel', 3, 'Spouse')],
  },
  {
    phone: '9000000004',
    name: 'Meera Iyer',
    dob: '1982-11-30',
    place: 'bandra',
    profession: 'Doctor Emergency',
    sharesLiveLocation: true,
    userType: 'Adult',
    contacts: [family('Ramesh Iyer', 4, 'Brother')],
  },
  {
    phone: '9000000005',
    name: 'Sunita Rao',
    dob: '1990-06-18',
    place: 'andheri',
    profession: 'Nurse',
    sharesLiveLocation: true,
    language: 'hi-IN',
    contacts: [family('Venkat Rao', 5, 'Husband')],
  },
  {
    phone: '9000000006',
    name: 'Vikram Rathod',
    dob: '1984-01-26',
    place: 'maninagar',
    profession: 'Police',
    userType: 'Adult',
    language: 'gu-IN',
    contacts: [family('Geeta Rathod', 6, 'Mother')],
  },
  {
    phone: '9000000007',
    name: 'Imran Shaikh',
    dob: '1988-09-09',
    place: 'kurla',
    profession: 'Firefighter',
    sharesLiveLocation: true,
    contacts: [family('Salma Shaikh', 7, 'Wife')],
  },
  {
    phone: '9000000008',
    name: 'Raju Parmar',
    dob: '1993-03-14',
    place: 'paldi',
    profession: '2 Wheeler Mechanic',
    paidService: true,
    language: 'gu-IN',
    contacts: [family('Manju Parmar', 8, 'Sister')],
  },
  {
    phone: '9000000009',
    name: 'Santosh Jadhav',
    dob: '1979-12-01',
    place: 'chembur',
    profession: '4 Wheeler Mechanic',
    paidService: true,
    language: 'hi-IN',
    contacts: [family('Vaishali Jadhav', 9, 'Wife')],
  },
  {
    phone: '9000000010',
    name: 'Harish Solanki',
    dob: '1987-07-07',
    place: 'chandkheda',
    profession: '2&4 Wheeler Mechanic',
    paidService: true,
    contacts: [family('Dinesh Solanki', 10, 'Brother')],
  },
  {
    phone: '9000000011',
    name: 'Kavita Joshi',
    dob: '1991-05-21',
    place: 'ellisbridge',
    profession: 'Other',
    sharesLiveLocation: true,
    contacts: [family('Prakash Joshi', 11, 'Father')],
  },
  {
    phone: '9000000012',
    name: 'Sanjeevani Hospital Emergency Desk',
    dob: '1980-01-01',
    place: 'naranpura',
    profession: 'hospital',
    userType: 'Business',
    contacts: [family('Duty Manager', 12, 'Colleague')],
  },
  {
    phone: '9000000013',
    name: 'Farhan Qureshi',
    dob: '1985-10-10',
    place: 'satellite',
    profession: 'Doctor Emergency',
    sharesLiveLocation: true,
    contacts: [family('Ayesha Qureshi', 13, 'Wife')],
  },
  { phone: '9000000014', name: 'Neha Kulkarni', dob: '1994-04-04', place: 'dadar', profession: 'Nurse', contacts: [family('Shrikant Kulkarni', 14, 'Father')] },
  {
    phone: '9000000015',
    name: 'Ajay Chauhan',
    dob: '1983-08-15',
    place: 'powai',
    profession: 'Police',
    sharesLiveLocation: true,
    contacts: [family('Rita Chauhan', 15, 'Wife')],
  },
  {
    phone: '9000000016',
    name: 'Bhavesh Thakkar',
    dob: '1989-02-28',
    place: 'bopal',
    profession: 'Firefighter',
    language: 'gu-IN',
    contacts: [family('Hina Thakkar', 16, 'Wife')],
  },
  {
    phone: '9000000017',
    name: 'Hetal Patel',
    dob: '1984-03-03',
    place: 'satellite',
    userType: 'Business',
    defaultApp: 'community',
    language: 'gu-IN',
    referredBy: '9000000002',
    business: { name: 'Patel Fruits & Vegetables', category: 'grocery', whatsapp: '9000000017', place: 'satellite' },
    contacts: [family('Mitesh Patel', 17, 'Husband')],
  },
  {
    phone: '9000000018',
    name: 'Jignesh Shah',
    dob: '1978-12-19',
    place: 'navrangpura',
    userType: 'Business',
    referredBy: '9000000017',
    business: { name: 'Shah Home Tiffin', category: 'home_food', whatsapp: '9000000018', place: 'navrangpura' },
    contacts: [family('Falguni Shah', 18, 'Wife')],
  },
  {
    phone: '9000000019',
    name: 'Ganesh More',
    dob: '1981-06-06',
    place: 'dadar',
    userType: 'Business',
    language: 'hi-IN',
    business: { name: 'Ganesh Vada Pav Centre', category: 'street_food', whatsapp: '9000000019', place: 'dadar' },
    contacts: [family('Sarika More', 19, 'Wife')],
  },
  {
    phone: '9000000020',
    name: 'Nilesh Desai',
    dob: '1976-09-27',
    place: 'maninagar',
    userType: 'Business',
    referredBy: '9000000001',
    business: { name: 'Desai Auto Works', category: 'car_service', whatsapp: '9000000020', place: 'maninagar' },
    contacts: [family('Kiran Desai', 20, 'Brother')],
  },
  {
    phone: '9000000021',
    name: 'Lakshmi Iyer',
    dob: '1980-05-05',
    place: 'powai',
    userType: 'Business',
    business: { name: 'Iyer Tuition Classes', category: 'education', whatsapp: '9000000021', place: 'powai' },
    contacts: [member('Meera Iyer', '9000000004', 'Sister')],
  },
  {
    phone: '9000000022',
    name: 'Deepak Mehta',
    dob: '1972-11-11',
    place: 'andheri',
    userType: 'Business',
    business: { name: 'Mehta Properties', category: 'rental', whatsapp: '9000000022', place: 'andheri' },
    contacts: [family('Usha Mehta', 22, 'Wife')],
  },
  // Under 13: exercises the community age gate.
  {
    phone: '9000000023',
    name: 'Aanya Trivedi',
    dob: '2015-07-01',
    place: 'vastrapur',
    referredBy: '9000000002',
    contacts: [family('Rakesh Trivedi', 23, 'Father'), member('Priya Sharma', '9000000002', 'Aunt')],
  },
  {
    phone: '9000000024',
    name: 'Arjun Nair',
    dob: '1996-01-15',
    place: 'bandra',
    referredBy: '9000000002',
    contacts: [family('Lata Nair', 24, 'Mother')],
    otherPlaces: [{ name: 'College', place: 'dadar' }],
  },
  {
    phone: '9000000025',
    name: 'Pooja Verma',
    dob: '1999-03-08',
    place: 'andheri',
    referredBy: '9000000002',
    language: 'hi-IN',
    contacts: [family('Alok Verma', 25, 'Brother')],
  },
  {
    phone: '9000000026',
    name: 'Kiran Bhatt',
    dob: '1995-10-02',
    place: 'thaltej',
    referredBy: '9000000035',
    language: 'gu-IN',
    contacts: [family('Nayna Bhatt', 26, 'Mother')],
  },
  {
    phone: '9000000027',
    name: 'Ramesh Yadav',
    dob: '1968-08-20',
    place: 'ghatkopar',
    language: 'hi-IN',
    userType: 'Senior',
    contacts: [family('Suresh Yadav', 27, 'Son')],
  },
  {
    phone: '9000000028',
    name: 'Sneha Gupta',
    dob: '2001-12-12',
    place: 'malad',
    defaultApp: 'news',
    referredBy: '9000000024',
    contacts: [family('Nitin Gupta', 28, 'Father')],
  },
  {
    phone: '9000000029',
    name: 'Manoj Pandya',
    dob: '1990-02-17',
    place: 'naranpura',
    defaultApp: 'community',
    referredBy: '9000000035',
    language: 'gu-IN',
    contacts: [family('Jyoti Pandya', 29, 'Wife')],
  },
  {
    phone: '9000000030',
    name: 'Fatima Sayed',
    dob: '1998-05-30',
    place: 'kurla',
    referredBy: '9000000024',
    contacts: [member('Imran Shaikh', '9000000007', 'Cousin')],
  },
  {
    phone: '9000000031',
    name: 'Karan Malhotra',
    dob: '1994-09-03',
    place: 'colaba',
    referredBy: '9000000024',
    contacts: [family('Simran Malhotra', 31, 'Sister')],
  },
  { phone: '9000000032', name: 'Divya Pillai', dob: '1992-07-25', place: 'borivali', profession: 'Nurse', contacts: [family('Ravi Pillai', 32, 'Husband')] },
  {
    phone: '9000000033',
    name: 'Mahesh Prajapati',
    dob: '1987-04-09',
    place: 'chandkheda',
    referredBy: '9000000035',
    language: 'gu-IN',
    contacts: [family('Kokila Prajapati', 33, 'Wife')],
  },
  {
    phone: '9000000034',
    name: 'Asha Bhosale',
    dob: '1965-03-19',
    place: 'dadar',
    userType: 'Senior',
    language: 'hi-IN',
    contacts: [member('Neha Kulkarni', '9000000014', 'Neighbour')],
  },
  {
    phone: '9000000035',
    name: 'Yash Vaghela',
    dob: '1998-11-05',
    place: 'bopal',
    ambassador: true,
    referredBy: '9000000001',
    contacts: [family('Bharat Vaghela', 35, 'Father')],
    otherPlaces: [{ name: 'College', place: 'navrangpura' }],
  },
  { phone: '9000000036', name: 'Riya Kapoor', dob: '2000-06-14', place: 'bandra', referredBy: '9000000024', contacts: [family('Anjali Kapoor', 36, 'Mother')] },
  {
    phone: '9000000037',
    name: 'Tejas Dave',
    dob: '1993-01-29',
    place: 'satellite',
    referredBy: '9000000035',
    roles: ['editor'],
    contacts: [family('Pinal Dave', 37, 'Sister')],
  },
  {
    phone: '9000000038',
    name: 'Swati Deshmukh',
    dob: '1986-10-21',
    place: 'powai',
    language: 'hi-IN',
    roles: ['moderator'],
    contacts: [family('Abhay Deshmukh', 38, 'Husband')],
  },
  {
    phone: '9000000039',
    name: 'Parth Modi',
    dob: '2003-04-17',
    place: 'naranpura',
    referredBy: '9000000035',
    defaultApp: 'news',
    contacts: [family('Hemant Modi', 39, 'Father')],
  },
  {
    phone: '9000000040',
    name: 'Zoya Khan',
    dob: '1997-02-11',
    place: 'malad',
    referredBy: '9000000030',
    contacts: [member('Fatima Sayed', '9000000030', 'Friend')],
  },
];

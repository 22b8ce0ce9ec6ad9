/** Languages the app is offered in (SPEC.md §1). */
export const LANGUAGES = ['en-US', 'hi-IN', 'gu-IN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-US';

/** Where a user lands after login (SPEC.md §2). */
export const DEFAULT_APPS = ['sos', 'news', 'community', 'astroai'] as const;
export type DefaultApp = (typeof DEFAULT_APPS)[number];

export const USER_TYPES = ['Youth', 'Adult', 'Senior', 'Business'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Volunteer professions. SPEC.md §3 names the icon groups (medical, wrench, person)
 * and colours (doctor red, police blue, firefighter orange, else green).
 */
export const PROFESSIONS = [
  'hospital',
  'Doctor General',
  'Doctor Emergency',
  'Nurse',
  'Police',
  'Firefighter',
  '2 Wheeler Mechanic',
  '4 Wheeler Mechanic',
  '2&4 Wheeler Mechanic',
  'Other',
] as const;
export type Profession = (typeof PROFESSIONS)[number];

/** Threat types offered on the SOS dashboard (DESIGN.md §5). */
export const THREATS = ['medical', 'fire', 'accident', 'harassment', 'theft', 'other'] as const;
export type Threat = (typeof THREATS)[number];

/** Business categories by group (SPEC.md §3). Labels are translated in the web app. */
export const BUSINESS_CATEGORY_GROUPS = {
  properties_real_estate: ['houses_sale', 'rental', 'commercial', 'land'],
  retail_shopping: ['store_updates', 'electronics', 'fashion', 'grocery', 'home_furniture', 'books'],
  food_dining: ['restaurant', 'home_food', 'street_food', 'catering', 'bakery', 'desserts', 'beverages'],
  professional_services: [
    'home_services',
    'legal_financial',
    'education',
    'healthcare',
    'beauty',
    'it_services',
    'computer_repair',
  ],
  jobs_careers: ['fulltime', 'parttime', 'internships', 'hiring'],
  automotive_transport: ['car_service', 'transport', 'driving_school', 'vehicle_sales'],
  art_creative: ['photography', 'design', 'art', 'music_dance'],
  travel_tourism: ['travel_agency', 'hotels', 'tours', 'adventure'],
  events_entertainment: [
    'carnival_mela',
    'exhibitions',
    'cultural_events',
    'concerts',
    'theater',
    'comedy',
    'kids_events',
    'religious_events',
  ],
} as const;
export type BusinessCategoryGroup = keyof typeof BUSINESS_CATEGORY_GROUPS;
export type BusinessCategory = (typeof BUSINESS_CATEGORY_GROUPS)[BusinessCategoryGroup][number];
export const BUSINESS_CATEGORIES = Object.values(BUSINESS_CATEGORY_GROUPS).flat() as BusinessCategory[];

/** Permissions that replace SPEC.md's hard-coded user-id lists (DESIGN.md §4). */
export const PERMISSIONS = ['share_posts', 'location_prompt_helper', 'brand_avatar'] as const;
export type Permission = (typeof PERMISSIONS)[number];
/** The ids SPEC.md hard-codes, used by the seed to grant the permissions above. */
export const SPEC_PERMISSION_USER_IDS: Record<Permission, number[]> = {
  share_posts: [2, 24, 25, 30, 31],
  location_prompt_helper: [3, 4, 5, 6, 7],
  brand_avatar: [1],
};

export const LIMITS = {
  nameMax: 80,
  emailMax: 254,
  cityMax: 80,
  stateMax: 80,
  businessNameMax: 100,
  emergencyContactsMax: 5,
  savedLocationsMax: 10,
  locationNameMax: 60,
  otpTtlSeconds: 300,
  otpMaxAttempts: 5,
  otpResendSeconds: 30,
  minimumAgeYears: 13,
  sosCountdownDefaultSeconds: 3,
  sosCountdownMaxSeconds: 10,
  postTitleMax: 50,
  postDescriptionMax: 1000,
  commentMax: 500,
  photosMax: 4,
} as const;

/** India's centre, used when nothing else is known (SPEC.md §9). */
export const INDIA_CENTRE = { latitude: 20.5937, longitude: 78.9629 } as const;

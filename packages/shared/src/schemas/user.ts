import { z } from 'zod';
import { BUSINESS_CATEGORIES, DEFAULT_APPS, LANGUAGES, LIMITS, PERMISSIONS, PROFESSIONS, ROLES, USER_TYPES } from '../constants';
import { GeoPoint, PhoneNumber } from './common';
import { isDobValid } from '../domain/age';
import { BusinessName, PersonName } from './names';

const Relation = z.string().trim().max(40).optional();

/** A new emergency contact: its name follows the name rule (schemas/names.ts). */
export const EmergencyContact = z.strictObject({
  name: PersonName,
  phoneNumber: PhoneNumber,
  relation: Relation,
});
export type EmergencyContact = z.infer<typeof EmergencyContact>;

/**
 * A contact in the list PATCH /users/me replaces whole. A name the user's stored list already
 * holds is kept as it is, also one from before the name rule; any other name must follow the
 * rule (PersonName), which the server checks against the stored list (400 naming
 * `emergencyContacts.<i>.name`). Clients check a contact when it is added (EmergencyContact).
 */
export const EmergencyContactEntry = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(LIMITS.keptNameMax, `Name can be at most ${LIMITS.keptNameMax} characters`),
  phoneNumber: PhoneNumber,
  relation: Relation,
});

/** A contact as the API returns it: the number is already the bare 10 digits. */
export const EmergencyContactView = z.object({
  name: z.string(),
  phoneNumber: z.string(),
  relation: z.string().optional(),
});

/** A saved location (SPEC.md §3: name, isBusinessLocation, location Point). */
export const SavedLocationInput = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(LIMITS.locationNameMax),
  isBusinessLocation: z.boolean().default(false),
  /** Counts as a place where this user volunteers (volunteers-nearby). */
  isVolunteerLocation: z.boolean().default(false),
  location: GeoPoint,
});
export const SavedLocation = SavedLocationInput.extend({ id: z.number().int() });
export type SavedLocation = z.infer<typeof SavedLocation>;
export type SavedLocationInput = z.input<typeof SavedLocationInput>;

export const NewsPreferences = z.strictObject({
  /** The language news is read in: while `followAppLanguage` is true, the app language's. */
  language: z.string().max(10).default('en'),
  /**
   * True (the default) while news follows the app's language; false once the reader picked a
   * news language on purpose. Sent as true to go back to "same as the app". Left out of a
   * change, a `language` other than the one read now counts as a pick (older clients).
   */
  followAppLanguage: z.boolean().optional(),
  categories: z.array(z.string().max(40)).max(20).default([]),
  newsType: z.string().max(20).default('all'),
});
export type NewsPreferences = z.infer<typeof NewsPreferences>;

const DateOnly = z.iso.date('Date must be YYYY-MM-DD');

/** Profile fields the user reads (User) in the same form as they set them (UpdateUserBody). */
const profileChoices = {
  profession: z.enum(PROFESSIONS).nullable(),
  availableForCommunity: z.boolean(),
  availableForPaidProfessionalService: z.boolean(),
  shareLiveLocation: z.boolean(),
  hasJoinedCommunity: z.boolean(),
  startAudioVideoRecordOnSos: z.boolean(),
  streamAudioVideoOnSos: z.boolean(),
  broadcastAudioOnSos: z.boolean(),
  /** "Show me on leaderboards": others see the user's name, score and rank (on by default). */
  showOnLeaderboard: z.boolean(),
  /** Push me breaking news (at most 2 a day, none at night; off by default, docs/newsroom.md). */
  breakingNewsAlerts: z.boolean(),
};

/** The signed-in user's own record (SPEC.md §3 User, less the token). */
export const User = z.object({
  id: z.number().int(),
  phoneNumber: z.string(),
  userType: z.enum(USER_TYPES),
  /** `user` and the roles an admin granted (editor, moderator, admin). */
  roles: z.array(z.enum(ROLES)),
  permissions: z.array(z.enum(PERMISSIONS)),
  name: z.string().nullable(),
  email: z.string().nullable(),
  isVerified: z.boolean(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  pincode: z.string().nullable(),
  dob: DateOnly.nullable(),
  ...profileChoices,
  sosCountdownSeconds: z.number().int(),
  referralId: z.string(),
  referredBy: z.number().int().nullable(),
  isAmbassador: z.boolean(),
  canCreatePost: z.boolean(),
  businessName: z.string().nullable(),
  businessCategory: z.enum(BUSINESS_CATEGORIES as [string, ...string[]]).nullable(),
  whatsappNumber: z.string().nullable(),
  profileImage: z.string().nullable(),
  avatar: z.string().nullable(),
  defaultApp: z.enum(DEFAULT_APPS),
  language: z.enum(LANGUAGES),
  newsPreferences: NewsPreferences,
  emergencyContacts: z.array(EmergencyContactView),
  locations: z.array(SavedLocation),
  /** True once the first-login stepper was finished. */
  profileCompleted: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof User>;

/**
 * PATCH /api/users/me: every field optional; lists replace the stored list whole. A name that is
 * sent is a new name and follows the name rule (schemas/names.ts); a client leaves out a name it
 * did not change, so a profile stored before the rule stays editable in its other fields.
 */
export const UpdateUserBody = z
  .object({
    name: PersonName,
    email: z.union([z.email('Enter a valid email').max(LIMITS.emailMax), z.literal('')]).nullable(),
    city: z.string().trim().max(LIMITS.cityMax).nullable(),
    state: z.string().trim().max(LIMITS.stateMax).nullable(),
    pincode: z.union([z.string().regex(/^[1-9]\d{5}$/, 'PIN code has 6 digits'), z.literal('')]).nullable(),
    dob: DateOnly.refine(isDobValid, 'Date of birth cannot be in the future or before 1900').nullable(),
    userType: z.enum(USER_TYPES),
    ...profileChoices,
    sosCountdownSeconds: z.number().int().min(0).max(LIMITS.sosCountdownMaxSeconds),
    businessName: BusinessName.nullable(),
    businessCategory: z.enum(BUSINESS_CATEGORIES as [string, ...string[]]).nullable(),
    whatsappNumber: z.union([PhoneNumber, z.literal('')]).nullable(),
    defaultApp: z.enum(DEFAULT_APPS),
    language: z.enum(LANGUAGES),
    newsPreferences: NewsPreferences,
    emergencyContacts: z.array(EmergencyContactEntry).max(LIMITS.emergencyContactsMax),
    locations: z.array(SavedLocationInput).max(LIMITS.savedLocationsMax),
    profileCompleted: z.boolean(),
  })
  .partial()
  .strict();
export type UpdateUserBody = z.input<typeof UpdateUserBody>;

import { dobChangeCrossesAgeBandUpwards, PersonName, type UpdateUserBody, type User } from '@saathi/shared';
import type { z } from 'zod';
import { systemClock, type Clock } from '../../core/clock';
import { NotFoundError, ValidationError } from '../../core/errors';
import { blankToNull, toUser } from './users.mapper';
import type { StoredDob, UserColumnsPatch, UsersRepository } from './users.repository';

/** The error code and message of a refused date-of-birth edit (the web app translates the code). */
export const DOB_CHANGE_NOT_ALLOWED = 'dob_change_not_allowed';
export const DOB_CHANGE_MESSAGE =
  'This date of birth would move you into an older age group (13+ or 18+), so it cannot be changed here. Please contact Saathi support to change it.';

export type UserChange = z.output<typeof UpdateUserBody>;

/** Body fields → columns. Only the keys present in the body are written. */
function toColumns(body: UserChange): UserColumnsPatch {
  const columns: UserColumnsPatch = {};
  if (body.name !== undefined) columns.name = body.name;
  if (body.email !== undefined) columns.email = blankToNull(body.email);
  if (body.city !== undefined) columns.city = blankToNull(body.city);
  if (body.state !== undefined) columns.state = blankToNull(body.state);
  if (body.pincode !== undefined) columns.pincode = blankToNull(body.pincode);
  if (body.dob !== undefined) columns.dob = body.dob;
  if (body.userType !== undefined) columns.user_type = body.userType;
  if (body.profession !== undefined) columns.profession = body.profession;
  if (body.availableForCommunity !== undefined) columns.available_for_community = body.availableForCommunity;
  if (body.availableForPaidProfessionalService !== undefined) columns.available_for_paid_professional_service = body.availableForPaidProfessionalService;
  if (body.shareLiveLocation !== undefined) columns.share_live_location = body.shareLiveLocation;
  if (body.hasJoinedCommunity !== undefined) columns.has_joined_community = body.hasJoinedCommunity;
  if (body.showOnLeaderboard !== undefined) columns.show_on_leaderboard = body.showOnLeaderboard;
  if (body.breakingNewsAlerts !== undefined) columns.breaking_news_alerts = body.breakingNewsAlerts;
  if (body.startAudioVideoRecordOnSos !== undefined) columns.start_audio_video_record_on_sos = body.startAudioVideoRecordOnSos;
  if (body.streamAudioVideoOnSos !== undefined) columns.stream_audio_video_on_sos = body.streamAudioVideoOnSos;
  if (body.broadcastAudioOnSos !== undefined) columns.broadcast_audio_on_sos = body.broadcastAudioOnSos;
  if (body.sosCountdownSeconds !== undefined) columns.sos_countdown_seconds = body.sosCountdownSeconds;
  if (body.businessName !== undefined) columns.business_name = blankToNull(body.businessName);
  if (body.businessCategory !== undefined) columns.business_category = body.businessCategory;
  if (body.whatsappNumber !== undefined) columns.whatsapp_number = blankToNull(body.whatsappNumber);
  if (body.defaultApp !== undefined) columns.default_app = body.defaultApp;
  if (body.language !== undefined) columns.language = body.language;
  if (body.newsPreferences !== undefined) {
    columns.news_categories = body.newsPreferences.categories;
    columns.news_type = body.newsPreferences.newsType;
  }
  if (body.profileCompleted !== undefined) columns.profile_completed = body.profileCompleted;
  return columns;
}

/**
 * DESIGN.md §8: a dob edit cannot lift a user across 13 or 18. Judged at the time of the edit
 * (India's calendar) against the current dob and the first one kept with the account, so
 * clearing the date or editing it down and then up does not get round it.
 */
function dobGuard(next: string | null | undefined, clock: Clock): ((stored: StoredDob) => void) | undefined {
  if (!next) return undefined;
  return (stored) => {
    // Saving the form with the date unchanged is no change (also after support corrected it).
    if (next === stored.dob) return;
    if (dobChangeCrossesAgeBandUpwards([stored.dob, stored.firstDob], next, clock())) {
      throw new ValidationError(DOB_CHANGE_MESSAGE, 'dob', DOB_CHANGE_NOT_ALLOWED);
    }
  };
}

/**
 * Names are names (domain/names.ts): an emergency contact's name the stored list does not hold
 * must follow the rule; one kept from before the rule (the same text) passes, so a list with an
 * old contact can still gain a new one. Undefined when every name sent follows the rule.
 */
function contactNamesGuard(contacts: UserChange['emergencyContacts']): ((storedNames: readonly string[]) => void) | undefined {
  const broken = (contacts ?? []).flatMap((contact, index) => {
    const checked = PersonName.safeParse(contact.name);
    return checked.success ? [] : [{ index, name: contact.name, message: checked.error.issues[0]?.message ?? 'Invalid name' }];
  });
  if (broken.length === 0) return undefined;
  return (storedNames) => {
    const kept = new Set(storedNames.map((name) => name.trim()));
    const first = broken.find((contact) => !kept.has(contact.name));
    if (first) throw new ValidationError(first.message, `emergencyContacts.${first.index}.name`);
  };
}

/** What the profile tells when it changes: the points its places and completion earn (ctx.scores). */
export interface ProfileListener {
  refresh(userId: number): Promise<void>;
}

export function createUsersService(users: UsersRepository, clock: Clock = systemClock, scores?: ProfileListener) {
  /**
   * News follows the app's language until the reader picks one (migration 0033):
   * `followAppLanguage: true` goes back to following (the last pick is kept, unused);
   * `false` picks `language`. Without the flag (older clients, which send the whole
   * newsPreferences with every change) a language other than the one read now is a pick, and
   * the same language changes nothing.
   */
  async function newsLanguageColumns(id: number, next: NonNullable<UserChange['newsPreferences']>): Promise<UserColumnsPatch> {
    if (next.followAppLanguage === true) return { news_language_follows_app: true };
    if (next.followAppLanguage === false) return { news_language_follows_app: false, news_language: next.language };
    const current = await users.findById(id);
    if (!current) throw new NotFoundError('User not found', 'user_not_found');
    if (toUser(current).newsPreferences.language === next.language) return {};
    return { news_language_follows_app: false, news_language: next.language };
  }

  return {
    async getUser(id: number): Promise<User> {
      const record = await users.findById(id);
      if (!record) throw new NotFoundError('User not found', 'user_not_found');
      return toUser(record);
    },

    async updateUser(id: number, body: UserChange): Promise<User> {
      const columns = toColumns(body);
      if (body.newsPreferences !== undefined) Object.assign(columns, await newsLanguageColumns(id, body.newsPreferences));
      await users.update(id, {
        columns,
        contacts: body.emergencyContacts?.map((c) => ({ name: c.name, phoneNumber: c.phoneNumber, relation: c.relation || null })),
        locations: body.locations?.map((l) => ({
          name: l.name,
          isBusinessLocation: l.isBusinessLocation,
          isVolunteerLocation: l.isVolunteerLocation,
          longitude: l.location.coordinates[0],
          latitude: l.location.coordinates[1],
        })),
        checkDob: dobGuard(body.dob, clock),
        checkContactNames: contactNamesGuard(body.emergencyContacts),
      });
      // After the change has committed: the settlement is idempotent, so a failure here is
      // made good by the user's next change or active day.
      await scores?.refresh(id);
      return this.getUser(id);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

import { BRAND_AVATAR_URL, readerNewsLanguage, rolesWithUser, type User } from '@saathi/shared';
import type { UserRecord } from './users.repository';

/** Emptied optional text is stored as NULL, not ''. */
export function blankToNull(value: string | null | undefined): string | null | undefined {
  return value === '' ? null : value;
}

/** Database rows → the API's `User` (SPEC.md §3 field names). */
export function toUser({ user, permissions, contacts, locations }: UserRecord): User {
  return {
    id: user.id,
    phoneNumber: user.phone_number,
    userType: user.user_type as User['userType'],
    roles: rolesWithUser(user.roles),
    permissions,
    name: user.name,
    email: user.email,
    isVerified: user.is_verified,
    city: user.city,
    state: user.state,
    pincode: user.pincode,
    dob: user.dob,
    profession: user.profession as User['profession'],
    availableForCommunity: user.available_for_community,
    availableForPaidProfessionalService: user.available_for_paid_professional_service,
    shareLiveLocation: user.share_live_location,
    hasJoinedCommunity: user.has_joined_community,
    showOnLeaderboard: user.show_on_leaderboard,
    breakingNewsAlerts: user.breaking_news_alerts,
    startAudioVideoRecordOnSos: user.start_audio_video_record_on_sos,
    streamAudioVideoOnSos: user.stream_audio_video_on_sos,
    broadcastAudioOnSos: user.broadcast_audio_on_sos,
    sosCountdownSeconds: user.sos_countdown_seconds,
    referralId: user.referral_id,
    referredBy: user.referred_by,
    isAmbassador: user.is_ambassador,
    canCreatePost: user.can_create_post,
    businessName: user.business_name,
    businessCategory: user.business_category,
    whatsappNumber: user.whatsapp_number,
    profileImage: user.profile_image,
    // SPEC.md §6: the brand account shows the product logo (a permission, not a user id).
    avatar: permissions.includes('brand_avatar') ? BRAND_AVATAR_URL : user.avatar,
    defaultApp: user.default_app as User['defaultApp'],
    language: user.language as User['language'],
    newsPreferences: {
      language: readerNewsLanguage(user.news_language_follows_app, user.news_language, user.language),
      followAppLanguage: user.news_language_follows_app,
      categories: user.news_categories,
      newsType: user.news_type,
    },
    emergencyContacts: contacts.map((c) => ({
      name: c.name,
      phoneNumber: c.phone_number,
      ...(c.relation ? { relation: c.relation } : {}),
    })),
    locations: locations.map((l) => ({
      id: l.id,
      name: l.name,
      isBusinessLocation: l.is_business_location,
      isVolunteerLocation: l.is_volunteer_location,
      location: { type: 'Point' as const, coordinates: [l.longitude, l.latitude] as [number, number] },
    })),
    profileCompleted: user.profile_completed,
    createdAt: new Date(user.created_at).toISOString(),
  };
}

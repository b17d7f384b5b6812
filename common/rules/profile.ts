/**
 * The profile fields a person fills in themselves (SPEC §3 profile response); profileCompletion
 * is the share of these that hold something. Username, email and role always exist, so they
 * would only inflate the number.
 */
export const PROFILE_COMPLETION_FIELDS = [
  'givenName',
  'familyName',
  'displayName',
  'picture',
  'birthDate',
  'phoneNumber',
  'bio',
  'location',
  'website',
  'gender',
] as const;
export type ProfileCompletionField = (typeof PROFILE_COMPLETION_FIELDS)[number];

export type ProfileCompletionInput = Partial<
  Record<ProfileCompletionField, string | null | undefined>
>;

const isFilled = (value: string | null | undefined) =>
  typeof value === 'string' && value.trim() !== '';

/** SPEC §3 profileCompletion: percent (0 to 100, whole) of the fillable fields that are filled. */
export function profileCompletion(profile: ProfileCompletionInput): number {
  const filled = PROFILE_COMPLETION_FIELDS.filter((field) => isFilled(profile[field])).length;
  return Math.round((filled / PROFILE_COMPLETION_FIELDS.length) * 100);
}

/** The parts of a person that can name them on a page. */
export interface NameParts {
  username: string;
  displayName?: string | null;
  givenName?: string | null;
  familyName?: string | null;
}

const filled = (text: string | null | undefined): string => text?.trim() ?? '';

/** Given and family name together, or '' when neither is filled. */
export const fullNameOf = (person: Pick<NameParts, 'givenName' | 'familyName'>): string =>
  [filled(person.givenName), filled(person.familyName)].filter(Boolean).join(' ');

/**
 * The one rule for the name a page shows (issue 9): the display name, else given and family
 * name, else the username. Cards, checkout, profile and messages all use it.
 */
export const displayNameOf = (person: NameParts): string =>
  filled(person.displayName) || fullNameOf(person) || person.username;

/** The picture shown for a person: their own profile image, else the one from sign-up (Google). */
export const avatarOf = (person: {
  profileImage?: string | null;
  avatarUrl?: string | null;
}): string | null => person.profileImage ?? person.avatarUrl ?? null;

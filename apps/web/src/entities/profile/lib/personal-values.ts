import { type Profession, type UpdateUserBody, type User } from '@saathi/shared';

/** The "About you" fields as the form holds them: plain strings, '' for unset. */
export interface PersonalValues {
  name: string;
  email: string;
  dob: string;
  city: string;
  state: string;
  pincode: string;
  profession: Profession | '';
}

export function personalValuesFromUser(user: User | null | undefined): PersonalValues {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    dob: user?.dob ?? '',
    city: user?.city ?? '',
    state: user?.state ?? '',
    pincode: user?.pincode ?? '',
    profession: user?.profession ?? '',
  };
}

/**
 * The PATCH body for the personal fields. Empty optional text becomes null so a cleared
 * field is cleared on the server too. The name is sent unless it is the stored one unchanged:
 * a name saved before the name rule (a digit, a link) keeps the rest of the form saveable, and
 * a missing or edited name is sent, so "required" and the name rule are checked.
 */
export function personalBodyFromValues(values: PersonalValues, options: { includeEmail: boolean; storedName?: string | null | undefined }): UpdateUserBody {
  const stored = options.storedName?.trim() ?? '';
  const body: UpdateUserBody = {
    ...(stored !== '' && values.name.trim() === stored ? {} : { name: values.name }),
    dob: values.dob === '' ? null : values.dob,
    city: blankToNull(values.city),
    state: blankToNull(values.state),
    pincode: blankToNull(values.pincode),
    profession: values.profession === '' ? null : values.profession,
  };
  if (options.includeEmail) body.email = blankToNull(values.email);
  return body;
}

function blankToNull(value: string): string | null {
  return value.trim() === '' ? null : value;
}

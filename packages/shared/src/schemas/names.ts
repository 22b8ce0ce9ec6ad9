import { z } from 'zod';
import { LIMITS } from '../constants';
import { BUSINESS_NAME_MESSAGES, businessNameProblem, PERSON_NAME_MESSAGES, personNameProblem } from '../domain/names';

/**
 * A person's name as it is written to the profile or an emergency contact (domain/names.ts):
 * letters and marks of any script, spaces, `.`, `'` and `-`, trimmed, 1 to 60 characters.
 * Only for input: what the API answers is the stored text as it is (rows from before the rule).
 */
export const PersonName = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(LIMITS.nameMax, `Name can be at most ${LIMITS.nameMax} characters`)
  .superRefine((name, ctx) => {
    const problem = name === '' ? null : personNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: PERSON_NAME_MESSAGES[problem], params: { nameProblem: problem } });
  })
  .meta({ description: "A person's name: letters and marks of any script, spaces, . ' and -; no digits, links or line breaks (trimmed, 1 to 60)" });

/**
 * A business name as it is written to the profile: a person's name's characters plus digits,
 * `&`, `,` and `/`, trimmed, at most 100 characters; empty clears it.
 */
export const BusinessName = z
  .string()
  .trim()
  .max(LIMITS.businessNameMax, `Business name can be at most ${LIMITS.businessNameMax} characters`)
  .superRefine((name, ctx) => {
    const problem = businessNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: BUSINESS_NAME_MESSAGES[problem], params: { nameProblem: problem } });
  })
  .meta({ description: "A business name: letters and marks of any script, digits, spaces, . ' - & , and /; no links or line breaks (trimmed, at most 100)" });

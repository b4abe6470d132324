import type { z } from 'zod';
import type { LoginResponseData, twoStepChallengeSchema } from './account';

// Without zod (see values.ts): the session code that runs before the first paint reads it.
export const isTwoStepChallenge = (
  data: LoginResponseData,
): data is z.infer<typeof twoStepChallengeSchema> =>
  'two_step_required' in data && data.two_step_required === true;

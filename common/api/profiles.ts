import { z } from 'zod';
import { can } from '../policies';
import { IdParams, ProfileBody, PublicUserSchema } from '../schemas/user';
import { profileCalls } from './calls/profiles';
import { endpoints } from './endpoint';
import { answer } from './envelope';

/** data.user, with mail only where the policy table lets the caller see it. */
const userAnswer = () =>
  answer(z.strictObject({ user: PublicUserSchema }), {
    leakedTo: ({ user }, caller) => (user.mail !== undefined && !can.seeMail(caller, user.id) ? 'user.mail' : undefined),
  });

export const profiles = endpoints(profileCalls, {
  profile: {
    summary: 'A profile',
    description: 'mail is there only for the user themself and staff.',
    params: IdParams,
    response: userAnswer(),
  },
  updateProfile: {
    summary: 'Edit a profile',
    description: 'The owner or staff. Only the fields of the body schema change, whatever else the client sends back.',
    body: ProfileBody,
    response: userAnswer(),
  },
});

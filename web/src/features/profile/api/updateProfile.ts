import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import { callApi } from '@/api/call';
import { isSuccess } from '@/api/client';
import { userQueries } from '@/api/users';

export interface ProfileInput {
  id: number;
  firstname: string;
  lastname: string;
  birth: number | null;
  about_myself: string;
  emblem: string;
}

/** POST /auth/profile: answers the saved profile in data.user. */
export const updateProfile = (input: ProfileInput) => callApi(calls.profiles.updateProfile, { body: input });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (env, input) => {
      if (isSuccess(env) && env.data?.user) queryClient.setQueryData(userQueries.profile(input.id).queryKey, env.data.user);
    },
  });
}

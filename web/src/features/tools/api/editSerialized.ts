import { useMutation } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import { callApi } from '@/api/call';

export interface SerializedEditInput {
  data: string;
  search?: string;
  replace: string;
}

/** POST /tools/SerializedDataEditor: the server parses PHP-serialized data (never unserialises it into objects) and replaces in values. */
export const editSerialized = (input: SerializedEditInput) => callApi(calls.tools.serializedEditor, { body: input });

export const useEditSerialized = () => useMutation({ mutationFn: editSerialized });

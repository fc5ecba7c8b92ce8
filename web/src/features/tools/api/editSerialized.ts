import { useMutation } from '@tanstack/react-query';
import type { SerializedEditResult } from '@common/schemas/admin';
import { apiFetch } from '@/api/client';

export const SERIALIZED_EDITOR_PATH = '/tools/SerializedDataEditor';

export interface SerializedEditInput {
  data: string;
  search?: string;
  replace: string;
}

/** POST /tools/SerializedDataEditor: the server parses PHP-serialized data (never unserialises it into objects) and replaces in values. */
export const editSerialized = (input: SerializedEditInput) =>
  apiFetch<SerializedEditResult | null>(SERIALIZED_EDITOR_PATH, {
    method: 'POST',
    body: { ...input, form_id: 'actionSerializedDataEditor' },
  });

export const useEditSerialized = () => useMutation({ mutationFn: editSerialized });

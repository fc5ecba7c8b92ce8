import { apiFetch } from './client';

/** The editor's image upload (spec section 2: POST /FileUpload/CkEditor); resolves with the file's URL. */
export async function uploadEditorImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('userfile[]', file);
  body.append('form_id', 'fileUpload');
  const env = await apiFetch<{ url?: string }>('/FileUpload/CkEditor', { method: 'POST', body });
  const url = env.data?.url;
  if (!url) throw new Error(env.error?.message ?? 'Upload failed');
  return url;
}

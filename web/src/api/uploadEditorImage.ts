import { MSG, STATUS } from '@common/messages';
import { calls } from '@common/api/calls';
import type { Envelope } from '@common/schemas/envelope';
import i18n from '@/i18n/i18n';
import { translateMessage } from '@/i18n/translateMessage';
import { UploadRefused } from '@/lib/uploadRefusal';
import { callApi } from './call';
import { ApiError, isSuccess } from './client';

/**
 * The text of a refusal: the envelope's error.message, in the reader's language when one of the
 * envelope's messages says the same thing (messages carry their template, error.message only text).
 */
export function refusalText(env: Pick<Envelope, 'messages' | 'error'> | null | undefined): string {
  const said = env?.error?.message?.trim();
  const messages = Array.isArray(env?.messages) ? env.messages : [];
  const same = said ? messages.find((m) => m.text === said || m.templateString === said) : undefined;
  const danger = same ?? messages.find((m) => m.status === STATUS.danger);
  if (said && !same) return said;
  if (danger) return translateMessage(i18n, danger);
  return translateMessage(i18n, { templateString: MSG.uploadFailed });
}

/** One image to POST /FileUpload/CkEditor; resolves with its URL or rejects with UploadRefused. */
async function upload(file: File, form: 'image' | 'emblem', field: string): Promise<string> {
  const body = new FormData();
  body.append(field, file, file.name);
  let env: Envelope<{ url: string }>;
  try {
    env = await callApi(calls.files.editorUpload, { body, form });
  } catch (e) {
    if (e instanceof ApiError) throw new UploadRefused(refusalText(e.envelope));
    throw e;
  }
  const url = env.data?.url;
  if (isSuccess(env) && typeof url === 'string' && url) return url;
  throw new UploadRefused(refusalText(env));
}

/** The editor's image upload (spec section 2: POST /FileUpload/CkEditor); resolves with the file's URL. */
export const uploadEditorImage = (file: File): Promise<string> => upload(file, 'image', 'userfile[]');

/** A new emblem (form_id actionCommon): the server makes it a small square and answers its URL. */
export const uploadEmblem = (file: File): Promise<string> => upload(file, 'emblem', 'userfile');

import { z } from 'zod';
import { FileEditBody, FileEntityParams, FilePageQuery, FileRowSchema, FileUploadFields } from '../schemas/file';
import { IdParams } from '../schemas/user';
import { fileCalls } from './calls/files';
import { endpoints } from './endpoint';
import { answer, nothing } from './envelope';

const files = () => z.array(z.file()).meta({ description: 'The files, as userfile, userfile[] or userfile[0], userfile[1] … alike.' });

/** EditRow and UpdateBulk name the table in the path; only `file` is served (any other is not found). */
export const FileTableParams = z.object({ table: z.string().meta({ description: 'file' }) });
export const FileTableIdParams = FileTableParams.extend({ id: IdParams.shape.id });

export const filesApi = endpoints(fileCalls, {
  upload: {
    summary: 'Attach files to a tale',
    description: "The tale's owner or staff. Files come as userfile, userfile[] or userfile[0], userfile[1] … alike.",

    upload: FileUploadFields.extend({ 'userfile[]': files() }),
    response: answer(z.array(FileRowSchema)),
  },
  editorUpload: {
    summary: 'Store an image for the rich-text editor, or a new emblem',
    description:
      "form_id actionCommon makes the image a small square emblem. A refusal carries error.message beside the envelope (the editor's own protocol).",

    upload: z.object({
      form_id: z.enum(['fileUpload', 'actionCommon']).optional(),
      'userfile[]': files().meta({ description: 'One image: userfile[] for the editor, userfile for an emblem.' }),
    }),
    response: answer(z.strictObject({ url: z.string() }), { errorMessage: true }),
  },
  files: {
    summary: 'The files of a tale, in their order',
    description: 'As visible as the tale itself.',
    params: FileEntityParams,
    query: FilePageQuery,
    response: answer(z.array(FileRowSchema), { list: 'file' }),
  },
  deleteFile: {
    summary: 'Delete a file',
    description: 'Its owner or staff.',
    params: IdParams,
    body: z
      .object({ form_id: z.string().optional() })
      .passthrough()
      .meta({ description: 'The file row as the client shows it; only the id in the path counts.' }),
    response: answer(nothing()),
  },
  editFile: {
    summary: 'Rename or reorder a file',
    description: 'table is file (any other is not found). Its owner or staff; only name_human and order change.',
    params: FileTableIdParams,
    body: FileEditBody,
    response: answer(FileRowSchema),
  },
  editFiles: {
    summary: 'Rename or reorder several files at once',
    description: 'table is file. The rows come under data or files, or as numbered keys of the body.',

    params: FileTableParams,
    body: z.record(z.string(), z.unknown()).meta({
      description: 'The rows ({id, name_human?, order?}) under data or files, or as numbered keys of the body ("0", "1" …).',
    }),
    response: answer(z.array(FileRowSchema)),
  },
});

import { z } from 'zod';
import { ListParams } from './conversation';
import { intOut, wireId } from './fields';

/** An earlier version of a published tale or comment: what a save replaced, when and by whom. */
export interface Revision {
  id: number;
  tale_id: number;
  header: string;
  body: string;
  body_txt: string;
  written_at: number;
  replaced_at: number;
  replaced_by: number | null;
  replaced_by_firstname: string;
  replaced_by_lastname: string;
}

export const RevisionSchema = z
  .strictObject({
    id: intOut(),
    tale_id: intOut(),
    header: z.string(),
    body: z.string(),
    body_txt: z.string(),
    written_at: intOut().meta({ description: 'When this version was written (published, or last edited).' }),
    replaced_at: intOut().meta({ description: 'When a save replaced it.' }),
    replaced_by: intOut().nullable().meta({ description: 'Who saved the version that replaced it; null once their account is gone.' }),
    replaced_by_firstname: z.string(),
    replaced_by_lastname: z.string(),
  })
  .meta({ id: 'Revision', description: 'An earlier version of a published tale or comment, newest first.' }) satisfies z.ZodType<Revision>;

export const RevisionsParams = ListParams.extend({ id: wireId() });
export const RestoreRevisionParams = z.object({ id: wireId(), revisionId: wireId() });

import { z } from 'zod';
import { intOut, wireId } from './fields';

export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** An archive of a user's data: being made (with its progress), ready to download, or failed. */
export interface DataExport {
  id: number;
  user_id: number;
  requested_by: number | null;
  status: ExportStatus;
  /** Items written so far (the profile, each tale, comment and file) of `total`. */
  done: number;
  total: number;
  size: number | null;
  created_at: number;
  finished_at: number | null;
  expires_at: number | null;
  /** Whether a mail announced it (an archive larger than the site's limit). */
  mailed: number;
}

export const DataExportSchema = z
  .strictObject({
    id: intOut(),
    user_id: intOut(),
    requested_by: intOut().nullable().meta({ description: 'The user, or the admin who asked; null once that account is gone.' }),
    status: z.enum(EXPORT_STATUSES),
    done: intOut(),
    total: intOut().meta({ description: 'Items in the archive: the profile, each tale, comment and file; 0 until counted.' }),
    size: intOut().nullable().meta({ description: 'Bytes of the archive once ready.' }),
    created_at: intOut(),
    finished_at: intOut().nullable(),
    expires_at: intOut().nullable().meta({ description: 'When a ready archive is removed.' }),
    mailed: intOut(),
  })
  .meta({ id: 'DataExport', description: "An archive of a user's data and how far its making has come." }) satisfies z.ZodType<DataExport>;

export const ExportParams = z.object({ id: wireId() });
export const ExportDownloadParams = z.object({ id: wireId(), exportId: wireId() });

/** Whether an archive is still being made (the page asks again until it is not). */
export const isUnderWay = (e: Pick<DataExport, 'status'> | null | undefined) => e?.status === 'queued' || e?.status === 'running';

import { z } from 'zod';
import { bigPathId, pathId } from '../envelope';
import { deviceListQuery } from './devices';

/**
 * Job control from the console: a printer's test page, cancelling a job that is still waiting,
 * sending a finished one again, a device's queue, and the device list as a file. Answers reuse
 * the open API's job shapes (openJobAccepted, openJobView): one view of a job everywhere.
 */

/** `/v1/devices/:id/jobs/:jobId`: one job of the device (a test page followed to its end). */
export const deviceJobParamSchema = z.object({ id: pathId, jobId: bigPathId });

/** GET /v1/devices/export: the list's own filters (no paging), as xlsx (default) or csv. */
export const DEVICE_EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export const DEVICE_EXPORT_MAX_ROWS = 50_000;
export const deviceExportQuery = deviceListQuery.omit({ page: true, pageSize: true }).extend({
  format: z.enum(DEVICE_EXPORT_FORMATS, { error: 'validation.invalidOption' }).default('xlsx'),
});
export type DeviceExportQuery = z.infer<typeof deviceExportQuery>;

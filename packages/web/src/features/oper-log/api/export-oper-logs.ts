import { download, type Params } from '../../../lib/http';

/** CSV of the filtered log; the call needs the bearer header, so it is fetched and saved as a blob. */
export const exportOperLogs = (filters: Params) => download('/v1/file/recordDownloadOperLog', filters, 'oper-log.csv');

import {
  FILE_LIMITS,
  FILE_PURPOSES,
  STARTUP_LOGO_MAX_HEIGHT,
  STARTUP_LOGO_MAX_WIDTH,
  translate,
} from '@herald/contract';
import { UPLOAD_PERMISSION } from './service';

/**
 * The upload's request body in the OpenAPI document. The route reads the raw bytes through a
 * content-type parser of its own (routes.ts), so it declares no body schema, and the document
 * showed no body at all: clients written from it alone sent a form or nothing. What is added here
 * is for the document only; it is built from the same limits the route enforces.
 */

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes / 1024} KiB`);

const limits = FILE_PURPOSES.map((p) => {
  const l = FILE_LIMITS[p];
  const extra =
    p === 'logo'
      ? `, a 1-bit uncompressed BMP of at most ${STARTUP_LOGO_MAX_WIDTH} × ${STARTUP_LOGO_MAX_HEIGHT} dots`
      : p === 'smartConfig'
        ? ', operators only'
        : '';
  return `\`${p}\`: at most ${size(l.maxBytes)}, ${l.extensions.map((e) => `.${e}`).join(' ')}${extra} (permission ${UPLOAD_PERMISSION[p]})`;
}).join('; ');

const BODY_DESCRIPTION =
  'The file itself, as the raw request body (curl --data-binary @file). Send Content-Type: application/octet-stream; ' +
  'any other type except JSON and text/plain is taken as raw bytes too, and a multipart/form-data body is not parsed: ' +
  'it would be kept as it came, wrapper included. Limits and formats by purpose: ' +
  `${limits}. The name's extension must be one of its purpose's and the bytes must be that format (zip, gzip, apk, BMP; ` +
  '.bin is opaque). Archives are read through: unsafe paths, bombs and local headers that disagree with the directory ' +
  `are refused. Refusals (40010): "${translate('error.fileFormat')}", "${translate('error.packageTooLarge')}" ` +
  `(or the apk's or logo's size message), "${translate('error.fileInconsistent')}" (md5 or size differ), ` +
  `"${translate('error.archiveUnsafe')}", "${translate('error.parseFailed')}". The answer describes the stored file; ` +
  'its id is the fileId of POST /v1/firmware, /v1/resource-packages or /v1/smart-config, or the logoFileId of a push task.';

const QUERY_DESCRIPTIONS: Record<string, string> = {
  purpose: 'What the file is for; decides its size limit, formats and who may upload it',
  name: "The file's name (no / or \\); its extension decides the format checked",
  md5: 'Optional: the md5 you computed (hex); the upload is refused when the bytes differ',
  size: 'Optional: the size in bytes you computed; the upload is refused when the bytes differ',
};

type Transformed = { schema: object; url: string };
type QuerySchema = { properties?: Record<string, object> };

/** Wraps the zod transform's output of each route (fastify-swagger `transform`); only POST /v1/files changes. */
export function documentUpload<T extends Transformed>(method: string | string[], t: T): T {
  if (t.url !== '/v1/files' || ![method].flat().includes('POST')) return t;
  const schema = t.schema as { querystring?: QuerySchema };
  const properties = Object.fromEntries(
    Object.entries(schema.querystring?.properties ?? {}).map(([k, v]) => [
      k,
      QUERY_DESCRIPTIONS[k] ? { ...v, description: QUERY_DESCRIPTIONS[k] } : v,
    ]),
  );
  return {
    ...t,
    schema: {
      ...schema,
      querystring: { ...schema.querystring, properties },
      consumes: ['application/octet-stream'],
      body: { type: 'string', format: 'binary', description: BODY_DESCRIPTION },
    },
  };
}

import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FILE_LIMITS,
  FILE_PURPOSES,
  idParamSchema,
  ResultCode,
  type FilePurpose,
  filesApi as api,
} from '@herald/contract';
import type { Deps, RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import { AppError, forbidden, invalid } from '../../lib/errors';
import { ok } from '../../lib/envelope';
import { bearerToken, checkAccess, loadAuthContext } from '../../plugins/auth';
import { sendStoredFile } from './send';
import * as files from './service';
import { DOWNLOAD_PATH, verifyDownload } from './urls';

const tags = ['files'];
const LARGEST = Math.max(...Object.values(FILE_LIMITS).map((l) => l.maxBytes));

const purposeOf = (req: FastifyRequest): FilePurpose | undefined => {
  const p = (req.query as Record<string, unknown> | undefined)?.purpose;
  return (FILE_PURPOSES as readonly unknown[]).includes(p) ? (p as FilePurpose) : undefined;
};

/**
 * Who is uploading, settled before the body is read: the auth plugin runs after body parsing, and
 * nobody without the right to upload should make the server buffer 50 MB first.
 */
async function authenticateEarly(deps: Deps, req: FastifyRequest) {
  const token = bearerToken(req.headers.authorization);
  if (!token) throw new AppError(ResultCode.TOKEN_INVALID, 'error.tokenInvalid');
  const claims = await deps.jwt.verify(token);
  if (claims === 'expired') throw new AppError(ResultCode.LOGIN_TIMEOUT, 'error.loginTimeout');
  if (claims === 'invalid') throw new AppError(ResultCode.TOKEN_INVALID, 'error.tokenInvalid');
  const auth = await loadAuthContext(deps.db, Number(claims.sub), claims.sid, req.ip);
  checkAccess(auth, req.routeOptions.config.access);
  // without a purpose there is no limit to read up to (nor an upload right to check): refused unread
  const purpose = purposeOf(req);
  if (!purpose) throw invalid('validation.invalidOption', 'purpose');
  files.checkUploadAllowed(auth, purpose);
}

/**
 * Read the raw body up to the purpose's limit. Past it the answer is the spec's size message
 * (40010), not a bare 413, and nothing more is buffered.
 */
async function readLimited(req: FastifyRequest, payload: NodeJS.ReadableStream): Promise<Buffer> {
  // a form's envelope (boundaries, part headers) would be stored as the file: the body is the file itself
  if (/^\s*multipart\//i.test(req.headers['content-type'] ?? ''))
    throw Object.assign(new Error('unsupported media type'), { statusCode: 415, messageKey: 'error.uploadNotForm' });
  const purpose = purposeOf(req);
  const limit = purpose ? FILE_LIMITS[purpose].maxBytes : LARGEST;
  const tooLarge = () => invalid(purpose ? files.tooLargeKey(purpose) : 'error.payloadTooLarge', 'file');
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of payload as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > limit) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const fileRoutes: RoutesPlugin = async (app, deps) => {
  // the upload in a scope of its own: its raw-body parser must not apply to any other route
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    const parser = async (req: FastifyRequest, payload: NodeJS.ReadableStream) => readLimited(req, payload);
    scope.addContentTypeParser('application/octet-stream', parser);
    // browsers send a File with its own type (application/zip, …): every type but JSON is raw bytes
    scope.addContentTypeParser('*', parser);
    register(
      scope,
      api.create,
      async (req) => {
        if (!Buffer.isBuffer(req.body)) throw invalid('error.fileFormat', 'file');
        return ok(await files.uploadFile(deps, req.auth, req.query, req.body, req.log));
      },
      { bodyLimit: LARGEST + 1024 * 1024, onRequest: async (req) => authenticateEarly(deps, req) },
    );
  });

  register(app, api.get, async (req) => ok(await files.getFile(deps, req.auth, req.params.id)));

  /** Devices fetch packages here with the signed URL they were sent (no token: the URL is the permission). */
  app.get(
    `${DOWNLOAD_PATH}/:id`,
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'Device download of a file through a signed, expiring URL (supports Range)',
        params: idParamSchema,
        querystring: z.object({ exp: z.string().max(20).optional(), sig: z.string().max(128).optional() }),
      },
    },
    async (req, reply) => {
      const { exp, sig } = req.query;
      if (!exp || !sig || !verifyDownload(deps, req.params.id, Number(exp), sig)) throw forbidden();
      const file = await files.fileRow(deps, req.params.id);
      return sendStoredFile(deps, reply, file, req.headers.range);
    },
  );
};

export default fileRoutes;

import { FILE_UPLOAD_PERMISSION, fileUploadQuery, storedFileSchema } from '../schemas/files';
import { idParamSchema } from '../envelope';
import { route } from './route';

const tags = ['files'];
const ANY_PACKAGE_PERMISSION = [
  'herald.res.firmware.query',
  'herald.res.firmware.add',
  'herald.res.respack.query',
  'herald.res.respack.add',
  'herald.res.scapp.query',
  'herald.res.scapp.add',
];

export const filesApi = {
  create: route({
    method: 'POST',
    path: '/v1/files',
    query: fileUploadQuery,
    response: storedFileSchema,
    access: { permission: Object.values(FILE_UPLOAD_PERMISSION) },
    summary: 'Upload a file (raw bytes as the body) for a firmware, resource or SmartConfig package',
    tags,
  }),
  get: route({
    method: 'GET',
    path: '/v1/files/:id',
    params: idParamSchema,
    response: storedFileSchema,
    access: { permission: ANY_PACKAGE_PERMISSION },
    summary: 'Uploaded file metadata',
    tags,
  }),
};

import { z } from 'zod';
import {
  certificateListQuery,
  certificateSchema,
  createManufacturerBody,
  expiringQuery,
  expiringSchema,
  importCertificateBody,
  importLicenceBody,
  licenceListQuery,
  licenceSchema,
  manufacturerListQuery,
  manufacturerSchema,
  updateManufacturerBody,
} from '../schemas/manufacturers';
import { idParamSchema, pageOf } from '../envelope';
import { passwordConfirmBody } from '../schemas/fleet-fields';
import { route } from './route';

const tags = ['manufacturers'];
const op = (action: string) => ({ side: 'op', permission: `herald.manufacturer.${action}` }) as const;
/** Licences and certificates: operators all; account users (device-cert page) those of their devices' manufacturers. */
const readCerts = (action: 'query' | 'download') =>
  ({ permission: { op: `herald.manufacturer.${action}`, ac: `herald.ac.manufacturer.licence.${action}` } }) as const;

export const manufacturersApi = {
  list: route({
    method: 'GET',
    path: '/v1/manufacturers',
    query: manufacturerListQuery,
    response: pageOf(manufacturerSchema),
    access: op('query'),
    summary: 'List manufacturers with licence capacity, activated and connected devices',
    tags,
  }),
  create: route({
    method: 'POST',
    path: '/v1/manufacturers',
    body: createManufacturerBody,
    response: manufacturerSchema,
    access: op('add'),
    summary: 'Add a manufacturer',
    tags,
  }),
  expiring: route({
    method: 'GET',
    path: '/v1/manufacturers/expiring',
    query: expiringQuery,
    response: expiringSchema,
    access: readCerts('query'),
    summary: 'Licences and certificates expiring within `days` (default 30)',
    tags,
  }),
  get: route({
    method: 'GET',
    path: '/v1/manufacturers/:id',
    params: idParamSchema,
    response: manufacturerSchema,
    access: op('query'),
    summary: 'Manufacturer detail',
    tags,
  }),
  update: route({
    method: 'PUT',
    path: '/v1/manufacturers/:id',
    params: idParamSchema,
    body: updateManufacturerBody,
    response: manufacturerSchema,
    access: op('edit'),
    summary: 'Edit a manufacturer',
    tags,
  }),
  remove: route({
    method: 'DELETE',
    path: '/v1/manufacturers/:id',
    params: idParamSchema,
    response: z.null(),
    access: op('delete'),
    summary: 'Delete a manufacturer without devices (its licences and certificates go too)',
    tags,
  }),
  importLicence: route({
    method: 'POST',
    path: '/v1/manufacturers/:id/licences',
    params: idParamSchema,
    body: importLicenceBody,
    response: licenceSchema,
    access: op('licence'),
    summary: 'Import a licence (number, validity, max devices)',
    tags,
  }),
  listLicences: route({
    method: 'GET',
    path: '/v1/licences',
    query: licenceListQuery,
    response: pageOf(licenceSchema),
    access: readCerts('query'),
    summary: 'Licences with remaining and connected counts',
    tags,
  }),
  importCertificate: route({
    method: 'POST',
    path: '/v1/manufacturers/:id/certificates',
    params: idParamSchema,
    body: importCertificateBody,
    response: certificateSchema,
    access: op('cert'),
    summary: "Import an X.509 certificate (PEM); its subject O or CN must be the manufacturer's name or code",
    tags,
  }),
  listCertificates: route({
    method: 'GET',
    path: '/v1/certificates',
    query: certificateListQuery,
    response: pageOf(certificateSchema),
    access: readCerts('query'),
    summary: 'Certificates',
    tags,
  }),
  downloadCertificate: route({
    method: 'GET',
    path: '/v1/certificates/:id/download',
    params: idParamSchema,
    response: 'file',
    access: readCerts('download'),
    summary: 'Download a certificate (PEM)',
    tags,
  }),
  revokeCertificate: route({
    method: 'POST',
    path: '/v1/certificates/:id/revoke',
    params: idParamSchema,
    body: passwordConfirmBody,
    response: certificateSchema,
    access: op('revoke'),
    summary: 'Revoke a certificate after re-entering the login password (irreversible)',
    tags,
  }),
};

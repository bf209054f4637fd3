import { z } from 'zod';
import {
  certificateListQuery,
  certificateSchema,
  createManufacturerBody,
  envelope,
  expiringQuery,
  expiringSchema,
  idParamSchema,
  importCertificateBody,
  importLicenceBody,
  licenceListQuery,
  licenceSchema,
  manufacturerListQuery,
  manufacturerSchema,
  pageOf,
  passwordConfirmBody,
  updateManufacturerBody,
} from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import * as manufacturers from './service';

const tags = ['manufacturers'];
const op = (action: string) => ({ access: { side: 'op', permission: `herald.manufacturer.${action}` } }) as const;
/** Licences and certificates: operators all; account users (device-cert page) those of their devices' manufacturers. */
const readCerts = (action: 'query' | 'download') =>
  ({
    access: { permission: { op: `herald.manufacturer.${action}`, ac: `herald.ac.manufacturer.licence.${action}` } },
  }) as const;

const manufacturerRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/manufacturers',
    {
      config: op('query'),
      schema: {
        tags,
        summary: 'List manufacturers with licence capacity, activated and connected devices',
        querystring: manufacturerListQuery,
        response: { 200: envelope(pageOf(manufacturerSchema)) },
      },
    },
    async (req) => ok(await manufacturers.listManufacturers(deps, req.query)),
  );
  app.post(
    '/v1/manufacturers',
    {
      config: op('add'),
      schema: {
        tags,
        summary: 'Add a manufacturer',
        body: createManufacturerBody,
        response: { 200: envelope(manufacturerSchema) },
      },
    },
    async (req) => ok(await manufacturers.createManufacturer(deps, req.auth, req.body)),
  );
  app.get(
    '/v1/manufacturers/expiring',
    {
      config: readCerts('query'),
      schema: {
        tags,
        summary: 'Licences and certificates expiring within `days` (default 30)',
        querystring: expiringQuery,
        response: { 200: envelope(expiringSchema) },
      },
    },
    async (req) => ok(await manufacturers.expiring(deps, req.auth, req.query.days)),
  );
  app.get(
    '/v1/manufacturers/:id',
    {
      config: op('query'),
      schema: {
        tags,
        summary: 'Manufacturer detail',
        params: idParamSchema,
        response: { 200: envelope(manufacturerSchema) },
      },
    },
    async (req) => ok(await manufacturers.getManufacturer(deps, req.params.id)),
  );
  app.put(
    '/v1/manufacturers/:id',
    {
      config: op('edit'),
      schema: {
        tags,
        summary: 'Edit a manufacturer',
        params: idParamSchema,
        body: updateManufacturerBody,
        response: { 200: envelope(manufacturerSchema) },
      },
    },
    async (req) => ok(await manufacturers.updateManufacturer(deps, req.auth, req.params.id, req.body)),
  );
  app.delete(
    '/v1/manufacturers/:id',
    {
      config: op('delete'),
      schema: {
        tags,
        summary: 'Delete a manufacturer without devices (its licences and certificates go too)',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => ok(await manufacturers.deleteManufacturer(deps, req.auth, req.params.id).then(() => null)),
  );

  app.post(
    '/v1/manufacturers/:id/licences',
    {
      config: op('licence'),
      schema: {
        tags,
        summary: 'Import a licence (number, validity, max devices)',
        params: idParamSchema,
        body: importLicenceBody,
        response: { 200: envelope(licenceSchema) },
      },
    },
    async (req) => ok(await manufacturers.importLicence(deps, req.auth, req.params.id, req.body)),
  );
  app.get(
    '/v1/licences',
    {
      config: readCerts('query'),
      schema: {
        tags,
        summary: 'Licences with remaining and connected counts',
        querystring: licenceListQuery,
        response: { 200: envelope(pageOf(licenceSchema)) },
      },
    },
    async (req) => ok(await manufacturers.listLicences(deps, req.auth, req.query)),
  );

  app.post(
    '/v1/manufacturers/:id/certificates',
    {
      config: op('cert'),
      schema: {
        tags,
        summary: "Import an X.509 certificate (PEM); its subject O or CN must be the manufacturer's name or code",
        params: idParamSchema,
        body: importCertificateBody,
        response: { 200: envelope(certificateSchema) },
      },
    },
    async (req) => ok(await manufacturers.importCertificate(deps, req.auth, req.params.id, req.body.pem)),
  );
  app.get(
    '/v1/certificates',
    {
      config: readCerts('query'),
      schema: {
        tags,
        summary: 'Certificates',
        querystring: certificateListQuery,
        response: { 200: envelope(pageOf(certificateSchema)) },
      },
    },
    async (req) => ok(await manufacturers.listCertificates(deps, req.auth, req.query)),
  );
  app.get(
    '/v1/certificates/:id/download',
    { config: readCerts('download'), schema: { tags, summary: 'Download a certificate (PEM)', params: idParamSchema } },
    async (req, reply) => {
      const f = await manufacturers.certificatePem(deps, req.auth, req.params.id);
      return reply
        .type('application/x-pem-file')
        .header('content-disposition', `attachment; filename="${f.fileName.replace(/[^\w.-]/g, '_')}"`)
        .send(f.pem);
    },
  );
  app.post(
    '/v1/certificates/:id/revoke',
    {
      config: op('revoke'),
      schema: {
        tags,
        summary: 'Revoke a certificate after re-entering the login password (irreversible)',
        params: idParamSchema,
        body: passwordConfirmBody,
        response: { 200: envelope(certificateSchema) },
      },
    },
    async (req) => ok(await manufacturers.revokeCertificate(deps, req.auth, req.params.id, req.body.password)),
  );
};

export default manufacturerRoutes;

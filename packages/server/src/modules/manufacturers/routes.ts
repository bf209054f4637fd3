import { manufacturersApi as api } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import * as manufacturers from './service';

const manufacturerRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.list, async (req) => ok(await manufacturers.listManufacturers(deps, req.query)));
  register(app, api.create, async (req) => ok(await manufacturers.createManufacturer(deps, req.auth, req.body)));
  register(app, api.expiring, async (req) => ok(await manufacturers.expiring(deps, req.auth, req.query.days)));
  register(app, api.get, async (req) => ok(await manufacturers.getManufacturer(deps, req.params.id)));
  register(app, api.update, async (req) =>
    ok(await manufacturers.updateManufacturer(deps, req.auth, req.params.id, req.body)),
  );
  register(app, api.remove, async (req) =>
    ok(await manufacturers.deleteManufacturer(deps, req.auth, req.params.id).then(() => null)),
  );

  register(app, api.importLicence, async (req) =>
    ok(await manufacturers.importLicence(deps, req.auth, req.params.id, req.body)),
  );
  register(app, api.listLicences, async (req) => ok(await manufacturers.listLicences(deps, req.auth, req.query)));

  register(app, api.importCertificate, async (req) =>
    ok(await manufacturers.importCertificate(deps, req.auth, req.params.id, req.body.pem)),
  );
  register(app, api.listCertificates, async (req) =>
    ok(await manufacturers.listCertificates(deps, req.auth, req.query)),
  );
  register(app, api.downloadCertificate, async (req, reply) => {
    const f = await manufacturers.certificatePem(deps, req.auth, req.params.id);
    return reply
      .type('application/x-pem-file')
      .header('content-disposition', `attachment; filename="${f.fileName.replace(/[^\w.-]/g, '_')}"`)
      .send(f.pem);
  });
  register(app, api.revokeCertificate, async (req) =>
    ok(await manufacturers.revokeCertificate(deps, req.auth, req.params.id, req.body.password)),
  );
};

export default manufacturerRoutes;

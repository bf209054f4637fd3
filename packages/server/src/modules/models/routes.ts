import { modelsApi as api } from '@herald/contract';
import { ok } from '../../lib/envelope';
import { IMMUTABLE, sendImage } from '../../lib/image';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import * as models from './service';

const modelRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.list, async (req) => ok(await models.listModels(deps, req.query, req.locale)));
  register(app, api.create, async (req) => ok(await models.createModel(deps, req.auth, req.body)));
  register(app, api.get, async (req) => ok(await models.getModel(deps, req.params.id, req.locale)));
  register(app, api.update, async (req) => ok(await models.updateModel(deps, req.auth, req.params.id, req.body)));
  register(app, api.status, async (req) =>
    ok(await models.setModelStatus(deps, req.auth, req.params.id, req.body.status)),
  );
  register(app, api.remove, async (req) =>
    ok(await models.deleteModel(deps, req.auth, req.params.id).then(() => null)),
  );

  /**
   * The image bytes, public: product photos are not secret, and an <img> cannot send a bearer
   * token. The URL in a model carries `?v=<updatedAt>`, so that URL is cached for good and a new
   * image gets a new URL.
   */
  register(app, api.image, async (req, reply) => {
    const img = await models.getModelImage(deps, req.params.id);
    const version = String(img.updatedAt.getTime());
    reply.header('etag', `"m${req.params.id}-${version}"`);
    return sendImage(reply, img.imageMime, img.image, req.query.v === version ? IMMUTABLE : 'no-cache');
  });

  register(app, api.deviceTypes, async (req) => ok(await models.listDeviceTypes(deps, req.locale)));
};

export default modelRoutes;

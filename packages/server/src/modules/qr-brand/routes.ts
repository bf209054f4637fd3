import { qrBrandApi as api } from '@herald/contract';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import { ok } from '../../lib/envelope';
import { IMMUTABLE, sendImage } from '../../lib/image';
import * as brand from './service';

const qrBrandRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.list, async (req) => ok(await brand.getBrand(deps, req.auth)));
  register(app, api.update, async (req) => ok(await brand.updateBrand(deps, req.auth, req.body)));
  /**
   * Public, like a model's photo: the logo is printed on labels and shown to whoever scans one,
   * and an <img> cannot send a token. The key changes with each logo, so an answer is kept for good.
   */
  register(app, api.publicQrLogo, async (req, reply) => {
    // looked up first: a miss (a key whose service is off may come back) must not be cached for good
    return sendImage(reply, 'image/png', await brand.logo(deps, req.params.key), IMMUTABLE);
  });
};

export default qrBrandRoutes;

import { envelope, publicKeyParamSchema, qrBrandBody, qrBrandSchema } from '@herald/contract';
import type { RoutesPlugin } from '../../lib/deps';
import { ok } from '../../lib/envelope';
import { IMMUTABLE, sendImage } from '../../lib/image';
import * as brand from './service';

const tags = ['devices'];
/** The account's QR code page (herald.device.qrcode) holds the brand. */
const ac = (action: string) => ({ access: { side: 'ac', permission: `herald.device.qrcode.${action}` } }) as const;

const qrBrandRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/qr-brand',
    {
      config: ac('query'),
      schema: {
        tags,
        summary: "The account's custom QR code: product name and logo (value-added service)",
        response: { 200: envelope(qrBrandSchema) },
      },
    },
    async (req) => ok(await brand.getBrand(deps, req.auth)),
  );
  app.put(
    '/v1/qr-brand',
    {
      config: ac('edit'),
      schema: {
        tags,
        summary: 'Change the product name and/or the logo (PNG data URL, under 20 KB, at most 1024 px a side)',
        description: "Answers 'Not enabled yet, contact platform' until the platform turns the service on.",
        body: qrBrandBody,
        response: { 200: envelope(qrBrandSchema) },
      },
    },
    async (req) => ok(await brand.updateBrand(deps, req.auth, req.body)),
  );
  /**
   * Public, like a model's photo: the logo is printed on labels and shown to whoever scans one,
   * and an <img> cannot send a token. The key changes with each logo, so an answer is kept for good.
   */
  app.get(
    '/v1/public/qr-logos/:key',
    {
      config: { access: { public: true } },
      schema: { tags, summary: 'A custom QR code logo (public, immutable)', params: publicKeyParamSchema },
    },
    async (req, reply) => {
      // looked up first: a miss (a key whose service is off may come back) must not be cached for good
      return sendImage(reply, 'image/png', await brand.logo(deps, req.params.key), IMMUTABLE);
    },
  );
};

export default qrBrandRoutes;

import { qrBrandBody, qrBrandSchema } from '../schemas/qr-brand';
import { publicKeyParamSchema } from '../envelope';
import { route } from './route';

const tags = ['devices'];
/** The account's QR code page (herald.device.qrcode) holds the brand. */
const ac = (action: string) => ({ side: 'ac', permission: `herald.device.qrcode.${action}` }) as const;

export const qrBrandApi = {
  list: route({
    method: 'GET',
    path: '/v1/qr-brand',
    response: qrBrandSchema,
    access: ac('query'),
    summary: "The account's custom QR code: product name and logo (value-added service)",
    tags,
  }),
  update: route({
    method: 'PUT',
    path: '/v1/qr-brand',
    body: qrBrandBody,
    response: qrBrandSchema,
    access: ac('edit'),
    summary: 'Change the product name and/or the logo (PNG data URL, under 20 KB, at most 1024 px a side)',
    description: "Answers 'Not enabled yet, contact platform' until the platform turns the service on.",
    tags,
  }),
  /**
   * Public, like a model's photo: the logo is printed on labels and shown to whoever scans one,
   * and an <img> cannot send a token. The key changes with each logo, so an answer is kept for good.
   */
  publicQrLogo: route({
    method: 'GET',
    path: '/v1/public/qr-logos/:key',
    params: publicKeyParamSchema,
    response: 'file',
    access: { public: true },
    summary: 'A custom QR code logo (public, immutable)',
    tags,
  }),
};

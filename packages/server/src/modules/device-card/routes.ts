import { deviceCardBody, deviceCardResult, envelope } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { deviceCard } from './service';

/**
 * The page a device's QR code leads to (`/d/<sn>` in the console) asks here. Public: whoever holds
 * the device can scan its label. POST, so a QR password travels in the body and not in URLs or logs.
 */
const deviceCardRoutes: RoutesPlugin = async (app, deps) => {
  app.post(
    '/v1/public/device-card',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['devices'],
        summary: "A device's public card (its QR code's landing page)",
        description:
          'Answers 40004 "not available" alike for an unknown S/N and a device whose QR code is off. With a QR ' +
          'password set, answers `locked` until the password is given; 5 wrong passwords per client address and ' +
          'device, or 50 per device from all addresses, within 15 minutes answer 40029 until the window ends (Retry-After).',
        body: deviceCardBody,
        response: { 200: envelope(deviceCardResult) },
      },
    },
    async (req) => ok(await deviceCard(deps, req.ip, req.body)),
  );
};

export default deviceCardRoutes;

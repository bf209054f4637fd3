import { deviceCardBody, deviceCardResult } from '../schemas/device-card';
import { route } from './route';

export const deviceCardApi = {
  deviceCard: route({
    method: 'POST',
    path: '/v1/public/device-card',
    body: deviceCardBody,
    response: deviceCardResult,
    access: { public: true },
    summary: "A device's public card (its QR code's landing page)",
    description:
      'Answers 40004 "not available" alike for an unknown S/N and a device whose QR code is off. With a QR ' +
      'password set, answers `locked` until the password is given; 5 wrong passwords per client address and ' +
      'device, or 50 per device from all addresses, within 15 minutes answer 40029 until the window ends (Retry-After).',
    tags: ['devices'],
  }),
};

import {
  OPEN_API,
  OPEN_API_PATHS,
  envelope,
  openCancelRequest,
  openDeviceRequest,
  openDeviceView,
  openJobAccepted,
  openJobView,
  openPrintRequest,
  openRecordRequest,
  openSpeakRequest,
  openTradeRequest,
} from '@herald/contract';
import type { App, RoutesPlugin } from '../../lib/deps';
import { ok } from '../../lib/envelope';
import { GUARDED_LATER } from '../../plugins/input-guard';
import { admit, door } from './admission';
import { keepRawBodies } from './raw-body';
import { noteAnswer, recordCall } from './record';
import * as openApi from './service';
import { verify } from './verify';

/**
 * The signed open API (docs/open-api.md). No console token: each request proves itself with its
 * account's app key and secret (verify.ts) and is admitted or refused (admission.ts) before its
 * body is validated. Every call that names an app key leaves a general request record (record.ts).
 */

const tags = ['open-api'];
/** No console token; the input guard runs after the signature check (verify). */
const PUBLIC = { access: { public: true }, ...GUARDED_LATER } as const;

const openApiRoutes: RoutesPlugin = async (app, deps) => {
  await app.register(async (scope: App) => {
    keepRawBodies(scope);
    scope.addHook('onRequest', door());
    scope.addHook('preValidation', async (req) => admit(deps, req, await verify(deps, req)));
    scope.addHook('preSerialization', async (req, _reply, payload: unknown) => {
      noteAnswer(req, payload);
      return payload;
    });
    scope.addHook('onResponse', async (req) => recordCall(deps, req));

    const route = { config: PUBLIC, bodyLimit: OPEN_API.bodyLimitBytes, attachValidation: true };

    scope.post(
      OPEN_API_PATHS.print,
      {
        ...route,
        schema: {
          tags,
          summary: 'Print a receipt (template, business or receiptline markup)',
          body: openPrintRequest,
          response: { 200: envelope(openJobAccepted) },
        },
      },
      async (req) => ok(await openApi.print(deps, req, req.body)),
    );
    scope.post(
      OPEN_API_PATHS.speak,
      {
        ...route,
        schema: {
          tags,
          summary: 'Speak text, voice clips or a broadcast business',
          body: openSpeakRequest,
          response: { 200: envelope(openJobAccepted) },
        },
      },
      async (req) => ok(await openApi.speak(deps, req, req.body)),
    );
    scope.post(
      OPEN_API_PATHS.trade,
      {
        ...route,
        schema: {
          tags,
          summary: 'Transaction broadcast: announce an amount received',
          body: openTradeRequest,
          response: { 200: envelope(openJobAccepted) },
        },
      },
      async (req) => ok(await openApi.trade(deps, req, req.body)),
    );
    scope.post(
      OPEN_API_PATHS.record,
      {
        ...route,
        schema: {
          tags,
          summary: 'Status of a job by order id or job id',
          body: openRecordRequest,
          response: { 200: envelope(openJobView) },
        },
      },
      async (req) => ok(await openApi.record(deps, req, req.body)),
    );
    scope.post(
      OPEN_API_PATHS.device,
      {
        ...route,
        schema: {
          tags,
          summary: 'State of a device',
          body: openDeviceRequest,
          response: { 200: envelope(openDeviceView) },
        },
      },
      async (req) => ok(await openApi.device(deps, req, req.body)),
    );
    scope.post(
      OPEN_API_PATHS.cancel,
      {
        ...route,
        schema: {
          tags,
          summary: "Cancel a job still at 0 or 1 (by order id or job id): it ends as 4 'cancelled'; idempotent",
          body: openCancelRequest,
          response: { 200: envelope(openJobView) },
        },
      },
      async (req) => ok(await openApi.cancel(deps, req, req.body)),
    );
  });
};

export default openApiRoutes;

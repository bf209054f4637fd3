import type { FastifyRequest } from 'fastify';
import type {
  OpenCancelRequest,
  OpenDeviceRequest,
  OpenPrintRequest,
  OpenRecordRequest,
  OpenSpeakRequest,
  OpenTradeRequest,
} from '@herald/contract';
import type { Deps } from '../../lib/deps';
import type { RoundWorker } from '../../lib/workers';
import { cancelForApi } from '../print-pipeline/control';
import * as jobs from '../print-pipeline/service';
import { admitted } from './admission';
import { accountOf, apiCall, callOf } from './call';
import { callQueue } from './call-queue';
import { purgeNonces } from './repo';

/**
 * The open API's calls, once signed (verify.ts) and admitted (admission.ts): each runs while its
 * nonce is stored and answers only once it is known fresh. Jobs are the pipeline's
 * (print-pipeline/service.ts); a job call carries its general request record's context to the
 * job's insert.
 */

export const print = (deps: Deps, req: FastifyRequest, body: OpenPrintRequest) =>
  admitted(req, () => jobs.submitPrint(deps, accountOf(req), body, apiCall(req)));

export const speak = (deps: Deps, req: FastifyRequest, body: OpenSpeakRequest) =>
  admitted(req, () => jobs.submitSpeak(deps, accountOf(req), body, apiCall(req)));

export const trade = (deps: Deps, req: FastifyRequest, body: OpenTradeRequest) =>
  admitted(req, () => jobs.submitTrade(deps, accountOf(req), body, apiCall(req)));

export const record = (deps: Deps, req: FastifyRequest, body: OpenRecordRequest) =>
  admitted(req, () => jobs.findJob(deps, accountOf(req), body));

export const device = (deps: Deps, req: FastifyRequest, body: OpenDeviceRequest) =>
  admitted(req, () => jobs.deviceView(deps, accountOf(req), body.sn));

/** A write: only once the nonce is known fresh (a replay changes nothing). */
export const cancel = (deps: Deps, req: FastifyRequest, body: OpenCancelRequest) =>
  admitted(req, async () => {
    await callOf(req).admitted;
    return cancelForApi(deps, accountOf(req), body);
  });

/** Nonces past their timestamp's window are deleted this often (the first time a second after the start). */
const NONCE_PURGE_MS = 60_000;

/**
 * The purge of old nonces, a worker of the registry (src/workers.ts). It stops after the routes,
 * and its stop writes what the last calls queued (nonces, request records).
 */
export function noncePurge(deps: Deps): RoundWorker {
  return {
    name: 'nonce purge',
    everyMs: NONCE_PURGE_MS,
    firstAfterMs: 1_000,
    outlivesRoutes: true,
    round: () => purgeNonces(deps.db),
    stop: async (stopRounds) => {
      await stopRounds();
      await callQueue(deps).flush();
    },
  };
}

import { randomUUID } from 'node:crypto';
import type { OpenJobAccepted, SpeakTestDevice, SpeakTestJob, SpeakTestSendBody } from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { invalid } from '../../lib/errors';
import { findJob, submitSpeak, submitTrade } from '../print-pipeline/service';
import { audit } from '../oper-log/audit';
import * as repo from './repo';
import { dataOwner, mustOwnJob } from '../../lib/data-scope';

/**
 * The console's speak test: the same job creation as the open API (source 'console'), so the
 * device, content and settings checks are the open API's. Account side only (the route says so),
 * hence `accountId!`.
 */
export async function speakers(deps: Deps, auth: AuthContext): Promise<SpeakTestDevice[]> {
  const rows = await repo.listSpeakers(deps.db, auth.accountId!, dataOwner(auth));
  // online ones first: those are the ones a test can reach now
  return rows.sort((a, b) => Number(b.online) - Number(a.online));
}

export async function send(deps: Deps, auth: AuthContext, body: SpeakTestSendBody): Promise<OpenJobAccepted> {
  const accountId = auth.accountId!;
  const sn = await repo.findSn(deps.db, accountId, body.deviceId, dataOwner(auth));
  if (!sn) throw invalid('error.snInvalid', 'deviceId');
  const accepted =
    body.mode === 'text'
      ? await submitSpeak(deps, accountId, { sn, text: body.text!, volume: body.volume }, { source: 'console' })
      : await submitTrade(
          deps,
          accountId,
          {
            sn,
            amount: body.amount!,
            currency: body.currency!,
            paymentType: body.paymentType!,
            language: body.language,
            // trade jobs carry the transaction's reference; a test has none, so it gets a unique one
            orderId: `speak-test-${randomUUID()}`,
          },
          { source: 'console' },
        );
  await audit(deps.db, auth, {
    module: 'speakTest',
    type: 'send',
    description:
      body.mode === 'text'
        ? { key: 'log.speakTest.text', params: { sn, text: body.text!.slice(0, 40), jobId: accepted.jobId } }
        : {
            key: 'log.speakTest.amount',
            params: { sn, amount: body.amount!, currency: body.currency!, jobId: accepted.jobId },
          },
  });
  return accepted;
}

/** A job of this account (any source): the speak test follows the job it created. */
export async function job(deps: Deps, auth: AuthContext, id: number): Promise<SpeakTestJob> {
  const found = await findJob(deps, auth.accountId!, { jobId: id });
  await mustOwnJob(deps.db, auth, id);
  return found;
}

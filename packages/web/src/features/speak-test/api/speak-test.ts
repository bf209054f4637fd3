import { isFinalJobStatus, type SpeakTestJob, speakTestApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { SpeakTestSendBody } from './types';

export const speakersQuery = () => ({
  queryKey: ['speak-test', 'devices'] as const,
  queryFn: () => call(speakTestApi.devices),
  staleTime: 0,
});

export const sendSpeakTest = (body: SpeakTestSendBody) => call(speakTestApi.send, { body });

/** The job, polled every second until it is final (3 success, 4 failed, 5 timeout). */
export const speakJobQuery = (jobId: number | undefined) => ({
  queryKey: ['speak-test', 'job', jobId] as const,
  queryFn: () => call(speakTestApi.job, { params: { id: jobId } }),
  enabled: !!jobId,
  refetchInterval: (q: { state: { data?: SpeakTestJob } }) =>
    q.state.data && isFinalJobStatus(q.state.data.status) ? false : 1000,
});

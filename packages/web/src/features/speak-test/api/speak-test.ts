import { isFinalJobStatus, type OpenJobAccepted, type SpeakTestDevice, type SpeakTestJob } from '@herald/contract';
import { get, post } from '../../../lib/http';
import type { SpeakTestSendBody } from './types';

export const speakersQuery = () => ({
  queryKey: ['speak-test', 'devices'] as const,
  queryFn: () => get<SpeakTestDevice[]>('/v1/speak-test/devices'),
  staleTime: 0,
});

export const sendSpeakTest = (body: SpeakTestSendBody) => post<OpenJobAccepted>('/v1/speak-test/send', body);

/** The job, polled every second until it is final (3 success, 4 failed, 5 timeout). */
export const speakJobQuery = (jobId: number | undefined) => ({
  queryKey: ['speak-test', 'job', jobId] as const,
  queryFn: () => get<SpeakTestJob>(`/v1/speak-test/job/${jobId}`),
  enabled: !!jobId,
  refetchInterval: (q: { state: { data?: SpeakTestJob } }) =>
    q.state.data && isFinalJobStatus(q.state.data.status) ? false : 1000,
});

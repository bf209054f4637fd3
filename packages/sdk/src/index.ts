export * from './client';
export * from './errors';
export * from './sign';
export * from './webhook';
export type { OpenDeviceView, OpenJobAccepted, OpenJobView } from '@herald/contract';
export { JobStatus } from '@herald/contract';

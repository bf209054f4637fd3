import type { Application as App, Page } from '@herald/contract';
import { get, type Params } from '../../../lib/http';

export const listApps = (params: Params) => get<Page<App>>('/v1/applications', params);

import { applicationsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

import type { UpdateAppBody } from './types';

export const updateApp = (id: number, body: UpdateAppBody) => call(applicationsApi.update, { params: { id }, body });

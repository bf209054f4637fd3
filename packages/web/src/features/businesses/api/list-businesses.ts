import type { Page } from '@herald/contract';
import { get, type Params } from '../../../lib/http';
import type { Business } from './types';

export const listBusinesses = (params: Params) => get<Page<Business>>('/v1/businesses', params);

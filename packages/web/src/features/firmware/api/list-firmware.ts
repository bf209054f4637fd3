import type { Page } from '@herald/contract';
import { get, type Params } from '../../../lib/http';
import type { FirmwareListItem } from './types';

export const listFirmware = (params: Params) => get<Page<FirmwareListItem>>('/v1/firmware', params);

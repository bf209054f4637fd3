import { BUSINESS_TYPES, BusinessType } from '@herald/contract';
import type { TFunction } from 'i18next';

/** Screen paths (contract routes: business, business.add/edit/detail; child pages take `?id=`). */
export const BUSINESS_LIST = '/businessmgr/business';
export const businessAdd = () => `${BUSINESS_LIST}/add`;
export const businessEdit = (id: number) => `${BUSINESS_LIST}/edit?id=${id}`;
export const businessDetail = (id: number) => `${BUSINESS_LIST}/detail?id=${id}`;
export const P = 'herald.dev.business';

/** print 0, broadcast 1, notification 2 (spec labels under business.type.*). */
export const businessTypeOptions = (t: TFunction) =>
  BUSINESS_TYPES.map((v) => ({ value: v, label: t(`business.type.${v}`) }));

export const isPrint = (type: number | undefined) => type === BusinessType.PRINT;

export const TYPE_COLORS: Record<number, string> = { 0: 'blue', 1: 'green', 2: 'orange' };

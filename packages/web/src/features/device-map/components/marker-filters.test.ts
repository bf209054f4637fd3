import { describe, expect, it } from 'vitest';
import { markerFiltersOf, sameFilters } from './marker-filters';

describe('the markers follow the list filters', () => {
  it('takes the shared filters and leaves paging, sorting and "located" to the list', () => {
    const list = {
      page: 2,
      pageSize: 20,
      keyword: 'SN1',
      online: 'true',
      located: 'false',
      modelId: 4,
      groupId: '',
      sortField: 'sn',
      sortOrder: 'ascend',
    };
    expect(markerFiltersOf(list)).toEqual({ keyword: 'SN1', online: 'true', modelId: 4 });
  });

  it('tells a changed filter from the same filters in another order', () => {
    expect(sameFilters({ keyword: 'a', modelId: 4 }, { modelId: '4', keyword: 'a' })).toBe(true);
    expect(sameFilters({ keyword: 'a' }, { keyword: 'a', online: 'false' })).toBe(false);
    expect(sameFilters({}, {})).toBe(true);
  });
});

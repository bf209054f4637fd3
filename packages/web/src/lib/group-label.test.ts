import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import enUS from '../locales/en_US/group';
import zhCN from '../locales/zh_CN/group';
import { groupLabel } from './group-label';

const tOf = (catalogue: { group: Record<string, unknown> }) =>
  ((key: string) => catalogue.group[key.replace(/^group\./, '')] ?? key) as unknown as TFunction;

describe('group label', () => {
  it('shows the default group in the console language, whichever language the server named it in', () => {
    for (const name of ['Default group', '默认分组']) {
      expect(groupLabel({ name, isDefault: true }, tOf(zhCN))).toBe('默认分组');
      expect(groupLabel({ name, isDefault: true }, tOf(enUS))).toBe('Default group');
    }
  });

  it("keeps a renamed default group's name and every other group's", () => {
    expect(groupLabel({ name: 'Front desk', isDefault: true }, tOf(zhCN))).toBe('Front desk');
    expect(groupLabel({ name: 'Default group', isDefault: false }, tOf(zhCN))).toBe('Default group');
  });
});

import { describe, expect, it } from 'vitest';
import { FIXED_ROUTES, MENU_PERMISSIONS, MENU_ROUTES, flattenRoutes } from '@herald/contract';
import { flatKeys, resources } from './index';

const has = (locale: 'en_US' | 'zh_CN', key: string) => new Set(flatKeys(resources[locale])).has(key);

describe('console locales', () => {
  it('zh_CN and en_US have identical key sets', () => {
    const en = flatKeys(resources.en_US).sort();
    const zh = flatKeys(resources.zh_CN).sort();
    expect(en.filter((k) => !zh.includes(k))).toEqual([]);
    expect(zh.filter((k) => !en.includes(k))).toEqual([]);
    expect(en.length).toBeGreaterThan(100);
  });

  it('translates every route title of the contract', () => {
    const keys = [...flattenRoutes(MENU_ROUTES).map((r) => r.titleKey), ...FIXED_ROUTES.map((r) => r.titleKey)];
    const missing = keys.filter((k) => !has('en_US', k) || !has('zh_CN', k));
    expect(missing).toEqual([]);
  });

  it('translates every permission title and button action', () => {
    const keys = MENU_PERMISSIONS.flatMap((m) => [m.titleKey, ...m.actions.map((a) => `perm.action.${a}`)]);
    const missing = keys.filter((k) => !has('en_US', k) || !has('zh_CN', k));
    expect(missing).toEqual([]);
  });

  it('carries the spec wording of the server messages', () => {
    expect(has('en_US', 'validation.passwordMismatch')).toBe(true);
    expect(flatKeys(resources.en_US)).toContain('error.loginTimeout');
  });

  it('keeps no empty translation', () => {
    for (const locale of ['en_US', 'zh_CN'] as const) {
      const walk = (r: object): string[] =>
        Object.values(r).flatMap((v) => (typeof v === 'string' ? [v] : walk(v as object)));
      expect(walk(resources[locale]).filter((v) => !v.trim())).toEqual([]);
    }
  });
});

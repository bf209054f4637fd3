import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FILE_PURPOSES } from './ota';
import { logMessages, logParamsIn } from './log-messages';
import { formatMessage, isMessageKey, LOCALES } from './messages';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('operation-log messages', () => {
  it('are in the catalogue, each in both languages with the same placeholders', () => {
    const keys = Object.keys(logMessages);
    expect(keys.length).toBeGreaterThan(80);
    for (const [key, m] of Object.entries(logMessages)) {
      expect(key).toMatch(/^log\.\w+\.\w+$/);
      expect(isMessageKey(key), key).toBe(true);
      expect(Object.keys(m).sort(), key).toEqual([...LOCALES].sort());
      expect(m.zh_CN, key).toMatch(/\p{Script=Han}/u);
      expect(placeholders(m.zh_CN), key).toEqual(placeholders(m.en_US));
      // no half-written placeholder
      for (const l of LOCALES) expect(m[l].replace(/\{\{\w+\}\}/g, ''), `${key} ${l}`).not.toMatch(/[{}]/);
    }
  });
});

describe('operation-log values that are codes', () => {
  it("show a file's purpose in Chinese words, and as the code in English", () => {
    for (const purpose of FILE_PURPOSES) {
      const params = { purpose, name: 'a.bin', id: 1, size: 2, md5: 'x' };
      expect(formatMessage('log.file.upload', 'zh_CN', logParamsIn('zh_CN', params)), purpose).not.toMatch(/上传[a-z]/);
      expect(formatMessage('log.file.upload', 'en_US', logParamsIn('en_US', params))).toContain(
        `Uploaded ${purpose} file`,
      );
    }
    expect(formatMessage('log.file.upload', 'zh_CN', logParamsIn('zh_CN', { purpose: 'firmware' }))).toContain(
      '上传固件文件',
    );
  });
});

describe('operation-log call sites', () => {
  it('give every audit entry a log.* key, never English prose', () => {
    const root = path.resolve(import.meta.dirname, '../../server/src');
    const prose: string[] = [];
    let calls = 0;
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) {
          const src = fs.readFileSync(p, 'utf8');
          if (!src.includes('audit(')) continue;
          calls += src.split(/\baudit\(/).length - 1;
          for (const m of src.matchAll(/description:\s*[`'"]/g)) prose.push(`${path.relative(root, p)}@${m.index}`);
        }
      }
    };
    walk(root);
    expect(calls).toBeGreaterThan(70);
    expect(prose).toEqual([]);
  });
});

describe('formatMessage', () => {
  it('translates and fills the placeholders', () => {
    expect(formatMessage('log.user.unlock', 'en_US', { username: 'alice' })).toBe('Unlocked user alice');
    expect(formatMessage('log.user.unlock', 'zh_CN', { username: 'alice' })).toBe('解锁用户 alice');
    expect(formatMessage('log.group.delete', 'zh_CN', { name: 'Shop', id: 7, moved: 3 })).toBe(
      '删除分组“Shop”（ID 7）；3 台设备已移至默认分组',
    );
  });

  it('inserts values as given, never translating or re-filling them', () => {
    expect(formatMessage('log.user.add', 'zh_CN', { username: 'error.system' })).toBe('新增用户 error.system');
    expect(formatMessage('log.user.add', 'en_US', { username: '{{username}}' })).toBe('Added user {{username}}');
    expect(formatMessage('log.user.add', 'en_US', { username: '$& $1' })).toBe('Added user $& $1');
  });

  it('leaves a missing placeholder visible, ignores extra values, and passes unknown keys through', () => {
    expect(formatMessage('log.user.add', 'en_US')).toBe('Added user {{username}}');
    expect(formatMessage('log.user.add', 'en_US', { username: 'bob', extra: 1 })).toBe('Added user bob');
    expect(formatMessage('Plain text', 'zh_CN', { a: 1 })).toBe('Plain text');
    expect(formatMessage('ok', 'zh_CN')).toBe('成功');
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { httpStatusOf, ResultCode } from './envelope';
import { isMessageKey, LOCALES, messages, translate } from './messages';

/**
 * Every message the spec quotes (sections 5, 6 and 8), character by character, with the key that
 * carries it. Section 8's unquoted conditions are pinned to the wording chosen for them.
 */
const SPEC_QUOTED: Record<string, string> = {
  // section 5
  'validation.passwordMin': 'Minimum password length is 8 characters',
  'validation.passwordMax': 'Maximum password length is 16 characters',
  'validation.passwordMismatch': 'Passwords entered do not match',
  'validation.passwordRequired': 'Password is required',
  'validation.required': 'Please input',
  'validation.noChinese': 'Cannot contain Chinese',
  'validation.format': 'Incorrect format',
  'validation.number': 'Must be a number',
  'validation.integer': 'Must be an integer',
  'validation.positiveInteger': 'Must be a positive integer',
  'validation.email': 'Incorrect email format',
  'validation.phone': 'Incorrect phone format',
  'validation.range': 'The starting value cannot be greater than the ending value',
  'validation.triggerTime': 'The triggering time needs to be more than five minutes later than the current time',
  'validation.sameEmail': 'The new email cannot be the same as the original email',
  // section 6
  'error.noFeaturePermission': 'no permission to view this feature',
  'error.noPermissionAssigned': 'No permissions assigned! Please contact your Super Administrator!',
  'error.forbidden': 'Unauthorized, Access Denied',
  // section 8
  'error.loginTimeout': 'Login timeout, please log in again',
  'error.generic': 'Error',
  'error.tokenInvalid': 'Token invalid, please log in again',
  'error.invalidGrant': 'failed to get authorisation',
  'error.system': 'System error, please try again',
  'error.orderExists': 'Requested order ID already exists',
  'error.snInvalid': 'Incorrect Device S/N',
  'error.templateInvalid': 'Incorrect template ID',
  'error.businessInvalid': 'Incorrect business ID',
  'error.fileFormat': 'File format error',
  'error.uploadFailed': 'Upload Failed',
};

const SPEC_UNQUOTED: Record<string, string> = {
  // section 6: "no permission to visit this page, feature not opened, no view permission"
  'error.noPagePermission': 'No permission to visit this page',
  'error.featureNotOpened': 'Feature not opened',
  'error.noViewPermission': 'No view permission',
  // section 8
  'error.parseFailed': 'Parsing failed, please try again',
  'error.createFailed': 'Create failed',
  'error.someDevicesFailed': 'Some devices failed task creation',
  'error.fileInconsistent': 'The parameter file is inconsistent with the actual file content',
  'error.usernameExists': 'Username already exists',
  'error.emailExists': 'Email already exists',
  'error.phoneExists': 'Phone already exists',
  'error.emailUsedByAccount': 'Email already used by another account',
  'error.certificateMismatch': 'Licence or certificate does not match the manufacturer',
  'error.versionNotConsecutive': 'Version numbers not consecutive, re-release not permitted',
  'error.voiceFileMissing': 'Voice file does not exist',
  'error.notPrinter': 'Non-print device present',
  'error.noUpgradeDevices': 'No devices meet the upgrade conditions',
  'error.serviceNotEnabled': 'Not enabled yet, contact platform',
  'error.locationNotUploaded': 'Terminal location not uploaded',
  'error.deviceNotOnline': 'device not online',
  'error.noLocationPermission': 'No device location permission',
  'error.selectAccountFirst': 'Please select an application or account first',
  'error.passwordMismatch': 'Password mismatch',
  'error.activationFailed': 'Activation failed',
  'error.defaultGroupUndeletable': 'The default group cannot be deleted',
};

describe('message catalogue', () => {
  it.each(Object.entries({ ...SPEC_QUOTED, ...SPEC_UNQUOTED }))('%s is %j in en_US', (key, text) => {
    expect(isMessageKey(key), key).toBe(true);
    expect(translate(key, 'en_US')).toBe(text);
    expect(translate(key, 'zh_CN')).not.toBe(text);
    expect(translate(key, 'zh_CN')).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('has every message in both languages, non-empty and trimmed', () => {
    for (const [key, m] of Object.entries(messages)) {
      expect(Object.keys(m).sort(), key).toEqual([...LOCALES].sort());
      for (const l of LOCALES) expect(m[l], `${key} ${l}`).toMatch(/^\S(.*\S)?$/s);
    }
  });

  it('gives every Chinese message a Chinese text (no copied English)', () => {
    const sameOnPurpose = new Set(['operLog.csv.ip']);
    for (const [key, m] of Object.entries(messages)) {
      if (sameOnPurpose.has(key)) continue;
      expect(m.zh_CN, key).toMatch(/\p{Script=Han}/u);
    }
  });

  it('knows every message key the server and the contract use', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts')) files.push(p);
      }
    };
    walk(path.join(root, 'contract/src'));
    walk(path.join(root, 'server/src'));
    expect(files.length).toBeGreaterThan(50);
    const unknown = new Set<string>();
    for (const f of files) {
      const src = fs.readFileSync(f, 'utf8');
      for (const m of src.matchAll(/['"`]((?:validation|error)\.[A-Za-z]+)['"`]/g)) {
        if (!isMessageKey(m[1]!)) unknown.add(`${m[1]} (${path.relative(root, f)})`);
      }
    }
    expect([...unknown]).toEqual([]);
  });
});

describe('result codes', () => {
  it('are the documented catalogue', () => {
    expect(ResultCode.SUCCESS).toBe(20000);
    expect(ResultCode.LOGIN_TIMEOUT).toBe(40001);
    expect(ResultCode).toMatchObject({
      VALIDATION_FAILED: 40010,
      NOT_FOUND: 40004,
      FORBIDDEN: 40003,
      CONFLICT: 40009,
      RATE_LIMITED: 40029,
      SERVER_ERROR: 50000,
    });
  });
  it('are unique, each with an HTTP status', () => {
    const codes = Object.values(ResultCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of codes) expect(httpStatusOf[c], String(c)).toBeGreaterThanOrEqual(200);
    expect(httpStatusOf[ResultCode.SUCCESS]).toBe(200);
    expect(httpStatusOf[ResultCode.LOGIN_TIMEOUT]).toBe(401);
    expect(httpStatusOf[ResultCode.RATE_LIMITED]).toBe(429);
    expect(httpStatusOf[ResultCode.SERVER_ERROR]).toBe(500);
  });
});

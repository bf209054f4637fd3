import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import noFolderCycle from '../../../eslint-rules/no-folder-cycle.js';

/** A source tree of a few files, as the rule reads it from the disk. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'folder-cycle-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

function lint(files: Record<string, string>, file: string) {
  const root = tree(files);
  roots.push(root);
  const linter = new Linter({ configType: 'flat', cwd: root });
  return linter.verify(
    files[file]!,
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser as Linter.Parser },
        plugins: { herald: { rules: { 'no-folder-cycle': noFolderCycle } } },
        rules: { 'herald/no-folder-cycle': ['error', { root }] },
      },
    ],
    { filename: join(root, file) },
  );
}

describe('herald/no-folder-cycle', () => {
  it('refuses an import whose folder leads back, through other files, and names the ring', () => {
    const files = {
      'modules/a/service.ts': "import { b } from '../b/repo';\nexport const a = () => b;\n",
      'modules/b/repo.ts': "import { c } from '../../lib/c';\nexport const b = c;\n",
      'lib/c.ts': "import { a } from '../modules/a/other';\nexport const c = a;\n",
      'modules/a/other.ts': 'export const a = 1;\n',
    };
    const found = lint(files, 'modules/a/service.ts');
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toContain('modules/a → modules/b → lib → modules/a');
    expect(found[0]!.message).toContain('lib/c.ts → modules/a/other.ts');
  });

  it('lets folders import one way, and does not count type-only imports or imports inside a folder', () => {
    const files = {
      'modules/a/service.ts':
        "import { b } from '../b/repo';\nimport { x } from './x';\nexport const a = () => b + x;\n",
      'modules/a/x.ts': 'export const x = 1;\n',
      'modules/b/repo.ts':
        "import type { A } from '../a/types';\nimport { type B } from '../a/types';\nexport const b: A | B = 1;\n",
      'modules/a/types.ts': 'export type A = number;\nexport type B = number;\n',
    };
    expect(lint(files, 'modules/a/service.ts')).toEqual([]);
    expect(lint(files, 'modules/b/repo.ts')).toEqual([]);
  });
});

import type { Rule } from 'eslint';

declare const noFolderCycle: Rule.RuleModule;
export default noFolderCycle;

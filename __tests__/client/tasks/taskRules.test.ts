import { TASK_ACTIONS, TASK_COMMANDS } from '@shared/entities/task';
import { taskActionTextKey } from '../../../src/features/tasks/taskRules';
import { createTestI18n } from '../support/i18n';

describe('taskActionTextKey: a row action is named from the catalogue it belongs to', () => {
  it.each([
    ['execute', 'tasks.commands.execute'],
    ['pause', 'tasks.commands.pause'],
    ['resume', 'tasks.commands.resume'],
    ['return_home', 'tasks.commands.return_home'],
    ['complete', 'tasks.steps.complete'],
    ['cancel', 'tasks.steps.cancel'],
  ])('%s → %s', (action, key) => {
    expect(taskActionTextKey(action)).toBe(key);
  });

  it.each(['zh-cn', 'en'] as const)('every command and step has a text in %s (no raw key reaches a toast)', (language) => {
    const i18n = createTestI18n(language);
    for (const action of [...TASK_COMMANDS, ...TASK_ACTIONS]) expect(i18n.exists(taskActionTextKey(action))).toBe(true);
  });
});

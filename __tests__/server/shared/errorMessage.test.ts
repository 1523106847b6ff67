import { errorMessage, translateText } from '@shared/errorMessage';
import { errorText } from '@shared/errorText';

describe('error codes as text', () => {
  it.each([
    ['zh', 'pilot.unknown_group', { group_id: 'g-1' }, [], '该工作空间没有图层 g-1'],
    ['en', 'pilot.unknown_group', { group_id: 'g-1' }, [], 'This workspace has no element group g-1'],
    ['zh', 'auth.token_invalid', {}, [], '登录已失效，请重新登录'],
    ['en', 'auth.token_invalid', {}, [], 'Your session is no longer valid; please sign in again'],
    // Nested texts ($t) with their own params.
    ['zh', 'common.row_not_found', { entity: 'route', id: 4 }, [], '航线不存在或已被删除'],
    ['en', 'common.row_not_found', { entity: 'route', id: 4 }, [], 'The route does not exist or was deleted'],
    // An invalid input names its first field problem, with that problem's params.
    ['zh', 'common.invalid_input', { where: 'body' }, [{ code: 'field.too_big', params: { maximum: 50000 } }], '提交的数据有误：不能大于 50000'],
    ['en', 'common.invalid_input', { where: 'body' }, [{ code: 'field.too_big', params: { maximum: 50000 } }], 'Invalid input: Must be at most 50000'],
    ['en', 'common.invalid_input', { where: 'body' }, [{ code: 'not-a-code' }], 'Invalid input: Invalid value'],
  ] as const)('%s %s %o %o → %s', (language, code, params, problems, expected) => expect(errorMessage(language, code, params, problems)).toBe(expected));

  it('names the first field problem of an invalid input as the console does, and any other code by itself', () => {
    expect(errorText('common.invalid_input', { where: 'body' }, [{ code: 'field.too_small', params: { minimum: 0 } }])).toEqual({
      key: 'apiError.common.invalid_input',
      params: { where: 'body', minimum: 0, detail: 'field.too_small' },
    });
    expect(errorText('pilot.unknown_element', { element_id: 'e' })).toEqual({ key: 'apiError.pilot.unknown_element', params: { element_id: 'e' } });
  });

  it('leaves an unknown key and a missing param as they are (as i18next does)', () => {
    expect(translateText('en', { key: 'apiError.pilot.nothing' })).toBe('apiError.pilot.nothing');
    expect(translateText('en', { key: 'apiError.pilot.unknown_group' })).toBe('This workspace has no element group {{group_id}}');
  });
});

import { ApiError } from '../../../src/api/client';
import {
  describeFailedRequest,
  failureText,
  fieldErrorText,
  toFailedRequest,
  type ErrorReport,
  type ErrorText,
  type FailedRequest,
} from '../../../src/api/errorCatalogue';
import { createTestI18n } from '../support/i18n';

describe('describeFailedRequest (spec §8 error catalogue)', () => {
  const cases: Array<[string, FailedRequest, ErrorReport]> = [
    ['401 clears the session', { kind: 'http', status: 401, message: '' }, { messageKey: 'http.401', severity: 'warning', clearSession: true }],
    ['403 warns', { kind: 'http', status: 403, message: '' }, { messageKey: 'http.403', severity: 'warning', clearSession: false }],
    ['404 warns', { kind: 'http', status: 404, message: '' }, { messageKey: 'http.404', severity: 'warning', clearSession: false }],
    ['429 warns', { kind: 'http', status: 429, message: '' }, { messageKey: 'http.429', severity: 'warning', clearSession: false }],
    ['500 is an error', { kind: 'http', status: 500, message: '' }, { messageKey: 'http.500', severity: 'error', clearSession: false }],
    ['502 is an error', { kind: 'http', status: 502, message: '' }, { messageKey: 'http.500', severity: 'error', clearSession: false }],
    [
      'a coded 409 shows the translated reason, not the English msg',
      { kind: 'http', status: 409, message: 'This department is still referenced', errorCode: 'common.still_referenced', params: { entity: 'department' } },
      { messageKey: 'apiError.common.still_referenced', params: { entity: 'department' }, severity: 'warning', clearSession: false },
    ],
    [
      'a coded 401 is translated and clears the session',
      { kind: 'http', status: 401, message: 'Not logged in', errorCode: 'auth.not_logged_in', params: {} },
      { messageKey: 'apiError.auth.not_logged_in', params: {}, severity: 'warning', clearSession: true },
    ],
    [
      'an uncoded 409 falls back to its status text',
      { kind: 'http', status: 409, message: 'exists' },
      { messageKey: 'http.409', severity: 'warning', clearSession: false },
    ],
    [
      'an unusual status names it',
      { kind: 'http', status: 418, message: 'teapot' },
      { messageKey: 'http.other', params: { status: 418 }, severity: 'warning', clearSession: false },
    ],
    ['network error', { kind: 'network', message: 'x' }, { messageKey: 'http.network', severity: 'error', clearSession: false }],
    ['timeout', { kind: 'timeout', message: 'x' }, { messageKey: 'http.timeout', severity: 'error', clearSession: false }],
    ['user-cancelled request is not reported', { kind: 'aborted', message: 'x' }, { messageKey: null, severity: 'info', clearSession: false }],
  ];
  it.each(cases)('%s', (_name, failure, expected) => {
    expect(describeFailedRequest(failure)).toEqual(expected);
  });

  it('turns errors into plain data for actions, keeping only catalogued codes', () => {
    expect(toFailedRequest(new ApiError('http', 'nope', 403, { code: 403 }))).toEqual({ kind: 'http', status: 403, message: 'nope' });
    const coded = new ApiError('http', 'taken', 409, {
      error_code: 'common.unique_taken',
      params: { entity: 'device', field: 'serial', bogus: { nested: 1 } },
      errors: [{ field: 'serial', message: 'X is already taken', code: 'field.taken', params: { value: 'X' } }],
    });
    expect(toFailedRequest(coded)).toEqual({
      kind: 'http',
      status: 409,
      message: 'taken',
      errorCode: 'common.unique_taken',
      params: { entity: 'device', field: 'serial' },
      fieldErrors: [{ field: 'serial', message: 'X is already taken', code: 'field.taken', params: { value: 'X' } }],
    });
    expect(toFailedRequest(new ApiError('http', 'x', 400, { error_code: 'made.up' }))).toEqual({ kind: 'http', status: 400, message: 'x' });
    expect(toFailedRequest(new Error('boom'))).toEqual({ kind: 'network', message: 'boom' });
  });
});

describe('error texts in the app language', () => {
  const zh = createTestI18n('zh-cn');
  const en = createTestI18n('en');
  const show = (i18n: typeof zh, text: ErrorText) => i18n.t(text.key, text.params);

  it.each<[string, FailedRequest, string, string]>([
    [
      'wrong login',
      { kind: 'http', status: 401, message: 'Wrong username or password', errorCode: 'auth.wrong_credentials', params: {} },
      '用户名或密码错误',
      'Wrong username or password',
    ],
    [
      'taken serial',
      {
        kind: 'http',
        status: 409,
        message: 'device: serial X is already taken',
        errorCode: 'common.unique_taken',
        params: { entity: 'device', field: 'serial' },
      },
      '设备的序列号已被占用',
      'The serial number of this device is already taken',
    ],
    [
      'bad querystring names its first field problem',
      {
        kind: 'http',
        status: 400,
        message: 'Invalid querystring: takeoff_to must not be before takeoff_from',
        errorCode: 'common.invalid_input',
        params: { where: 'querystring' },
        fieldErrors: [{ field: 'takeoff_to', message: 'must not be before takeoff_from', code: 'field.before', params: { other: 'takeoff_from' } }],
      },
      '查询条件有误：不能早于开始日期',
      'Invalid query: Must not be before the start date',
    ],
    [
      'too long a name',
      {
        kind: 'http',
        status: 400,
        message: 'Invalid body: name Too big',
        errorCode: 'common.invalid_input',
        params: { where: 'body' },
        fieldErrors: [{ field: 'name', message: 'Too big', code: 'field.too_long', params: { maximum: 128 } }],
      },
      '提交的数据有误：最多 128 个字符',
      'Invalid input: At most 128 characters',
    ],
  ])('%s', (_name, failure, chinese, english) => {
    expect(show(zh, failureText(failure))).toBe(chinese);
    expect(show(en, failureText(failure))).toBe(english);
  });

  it('nests a reason in an action text', () => {
    const reason = failureText({ kind: 'http', status: 409, message: '', errorCode: 'common.still_referenced', params: { entity: 'department' } });
    expect(zh.t('resources.deleteFailed', { ...reason.params, reason: reason.key })).toBe('删除失败：该部门仍被其他记录引用，请先删除或改派这些记录');
  });

  it('shows a field error by its code, an uncoded one generically, never in English', () => {
    expect(
      show(zh, fieldErrorText({ field: 'photo', message: 'must be a PNG, JPEG or WebP image', code: 'upload.bad_image_type', params: { field: 'photo' } })),
    ).toBe('图片须为 PNG、JPEG 或 WebP 格式');
    expect(show(zh, fieldErrorText({ field: 'x', message: 'odd' }))).toBe('格式不正确');
  });
});

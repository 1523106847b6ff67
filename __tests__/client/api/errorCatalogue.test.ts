import { describeFailedRequest, toFailedRequest, type ErrorReport, type FailedRequest } from '../../../src/api/errorCatalogue';
import { ApiError } from '../../../src/api/client';

describe('describeFailedRequest (spec §8 error catalogue)', () => {
  const cases: Array<[string, FailedRequest, ErrorReport]> = [
    ['401 clears the session', { kind: 'http', status: 401, message: '' }, { messageKey: 'http.401', severity: 'warning', clearSession: true }],
    ['403 warns', { kind: 'http', status: 403, message: '' }, { messageKey: 'http.403', severity: 'warning', clearSession: false }],
    ['404 warns', { kind: 'http', status: 404, message: '' }, { messageKey: 'http.404', severity: 'warning', clearSession: false }],
    ['429 warns', { kind: 'http', status: 429, message: '' }, { messageKey: 'http.429', severity: 'warning', clearSession: false }],
    ['500 is an error', { kind: 'http', status: 500, message: '' }, { messageKey: 'http.500', severity: 'error', clearSession: false }],
    ['502 is an error', { kind: 'http', status: 502, message: '' }, { messageKey: 'http.500', severity: 'error', clearSession: false }],
    [
      '409 shows the server message',
      { kind: 'http', status: 409, message: 'exists' },
      { messageKey: 'http.other', params: { message: 'exists' }, severity: 'warning', clearSession: false },
    ],
    ['network error', { kind: 'network', message: 'x' }, { messageKey: 'http.network', severity: 'error', clearSession: false }],
    ['timeout', { kind: 'timeout', message: 'x' }, { messageKey: 'http.timeout', severity: 'error', clearSession: false }],
    ['user-cancelled request is not reported', { kind: 'aborted', message: 'x' }, { messageKey: null, severity: 'info', clearSession: false }],
  ];
  it.each(cases)('%s', (_name, failure, expected) => {
    expect(describeFailedRequest(failure)).toEqual(expected);
  });

  it('turns errors into plain data for actions', () => {
    expect(toFailedRequest(new ApiError('http', 'nope', 403, { code: 403 }))).toEqual({ kind: 'http', status: 403, message: 'nope' });
    expect(toFailedRequest(new Error('boom'))).toEqual({ kind: 'network', message: 'boom' });
  });
});

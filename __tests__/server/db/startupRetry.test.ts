import { startupRetryPauseMs } from '../../../server/db/database';

describe('startupRetryPauseMs (pause before the next start-up attempt to reach the database)', () => {
  it.each([
    [1, 500],
    [2, 1000],
    [3, 2000],
    [4, 4000],
    [5, 8000],
    [6, 10_000],
    [40, 10_000],
  ])('after %i failed attempts: %i ms', (failed, pause) => {
    expect(startupRetryPauseMs(failed)).toBe(pause);
  });
});

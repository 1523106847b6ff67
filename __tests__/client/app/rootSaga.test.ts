import { runSaga, stdChannel, type Saga } from 'redux-saga';
import { take } from 'redux-saga/effects';
import { splitSaga } from '../../../src/app/rootSaga';
import { toastShown } from '../../../src/features/notifications/notificationsSlice';

function run(load: () => Promise<{ default: Saga }>) {
  const dispatched: unknown[] = [];
  const channel = stdChannel();
  const task = runSaga({ channel, dispatch: (action) => dispatched.push(action) }, splitSaga, load);
  return { task, dispatched, emit: (action: { type: string }) => channel.put(action) };
}

describe('splitSaga', () => {
  it('runs the loaded saga, which then takes actions', async () => {
    const seen: string[] = [];
    function* loaded() {
      const action: { type: string } = yield take('ping');
      seen.push(action.type);
    }
    const { task, emit } = run(async () => ({ default: loaded }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    emit({ type: 'ping' });
    await task.toPromise();
    expect(seen).toEqual(['ping']);
  });

  it('a chunk that fails to load shows one error toast and ends quietly', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { task, dispatched } = run(() => Promise.reject(new Error('Loading chunk broker-saga failed')));
    await task.toPromise();
    expect(dispatched).toEqual([{ type: toastShown.type, payload: expect.objectContaining({ messageKey: 'page.chunkFailedBody', severity: 'error' }) }]);
    expect(task.error()).toBeUndefined();
    jest.mocked(console.error).mockRestore();
  });
});

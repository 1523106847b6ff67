import type { Saga } from 'redux-saga';

/**
 * Sagas whose code is loaded only where they can do anything, before the store starts so they see every action:
 * the controller saga talks to the DJI bridge, which exists only inside the remote controller's app.
 */
export async function loadFeatureSagas(insideBridge: boolean): Promise<Saga[]> {
  if (!insideBridge) return [];
  const [controller, liveshare] = await Promise.all([
    import(/* webpackChunkName: "controller-saga" */ '../features/controller/controllerSaga'),
    import(/* webpackChunkName: "controller-saga" */ '../features/controller/liveshareSaga'),
  ]);
  return [controller.default, liveshare.default];
}

/** The signed-in app's sagas, a chunk the login page does not wait for (started by startWhenSignedIn). */
export const loadSignedInSagas = () => import(/* webpackChunkName: "signed-in-sagas" */ './signedInSagas');

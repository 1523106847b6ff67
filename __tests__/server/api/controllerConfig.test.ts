import { type Dialect } from './harness';
import { useTestApi } from './testApi';

describe.each<Dialect>(['sqlite', 'postgres'])('controller config API (%s)', (dialect) => {
  const api = useTestApi(dialect);
  const { call } = api;

  describe(`controller config (${dialect})`, () => {
    it('serves the controller configuration per project', async () => {
      const config = (await call('GET', '/api/djiconf/1/', 'viewer1')).body.data;
      expect(config).toMatchObject({
        appId: expect.any(String),
        appKey: expect.any(String),
        appLicense: expect.any(String),
        workspaceId: '1',
        workspaceName: expect.any(String),
        mqttHost: expect.stringMatching(/^wss?:\/\/.+\/mqtt$/),
      });
      expect((await call('GET', '/api/djiconf/99999/', 'viewer1')).status).toBe(404);
    });
  });
});

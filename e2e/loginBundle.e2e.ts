import { describeScripts, formatKb, recordScripts, totalGzip } from './support/scriptLoads';
import { useBrowserSession } from './support/session';

jest.setTimeout(90_000);

const session = useBrowserSession({ env: { DEMO_SEED: '0' } });

const BUDGET = 200 * 1024;
/** The root saga and the sagas it runs for the login page; every other saga belongs to the signed-in app (signedInSagas.ts). */
const FIRST_PAINT_SAGAS = [
  'src/app/rootSaga.ts',
  'src/features/auth/authSaga.ts',
  'src/features/i18n/localeSaga.ts',
  'src/features/notifications/httpErrorsSaga.ts',
  'src/features/tabs/tabsSaga.ts',
];

test('the login form waits for at most 200 KB gzip of JavaScript: no zod, no saga of the signed-in app', async () => {
  const scripts = recordScripts(session.page);
  await session.page.goto(`${session.server.url}#/login`);
  const fetched = await scripts.fetchedWhen({ passwordField: true });

  const modules = fetched.flatMap((s) => s.modules);
  // The list of what arrived goes with the verdict, so a failure shows which chunk brought what.
  const report = `${formatKb(totalGzip(fetched))} before the login form was usable:\n${describeScripts(fetched).join('\n')}`;
  expect({
    zod: modules.filter((m) => m.includes('node_modules/zod/')),
    sagas: modules.filter((m) => /^src\/.*Saga\.tsx?$/.test(m) && !FIRST_PAINT_SAGAS.includes(m)),
    sagaChunks: fetched.map((s) => s.chunk).filter((chunk) => chunk.includes('saga')),
    withinBudget: totalGzip(fetched) <= BUDGET,
    report,
  }).toEqual({ zod: [], sagas: [], sagaChunks: [], withinBudget: true, report });
  // Every module map was read (a build without source maps would pass the checks above blindly).
  expect(fetched.filter((s) => s.modules.length === 0).map((s) => s.chunk)).toEqual([]);
});

import { runDispatchSuite } from './dispatchSuite';

runDispatchSuite('postgres');

import { runDispatchSuite } from './dispatchSuite';

runDispatchSuite('sqlite');

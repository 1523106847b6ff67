import { runApiSuite } from './suite';

runApiSuite('sqlite');

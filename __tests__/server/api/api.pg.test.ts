import { runApiSuite } from './suite';

runApiSuite('postgres');

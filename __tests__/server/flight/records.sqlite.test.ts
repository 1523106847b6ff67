import { runFlightRecordSuite } from './recordsSuite';

describe('flight records (SQLite)', () => runFlightRecordSuite('sqlite'));

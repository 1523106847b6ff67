import { runFlightRecordSuite } from './recordsSuite';

describe('flight records (PostgreSQL)', () => runFlightRecordSuite('postgres'));

import { runGatewaySuite } from './gatewaySuite';

runGatewaySuite('postgres');

import { runGatewaySuite } from './gatewaySuite';

runGatewaySuite('sqlite');

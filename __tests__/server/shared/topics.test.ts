import { namespaceFilters, namespaceSerial, osdFilterSerial, parseTopic, isSysinfoFilter } from '@shared/topics';

describe('topic catalogue', () => {
  it.each([
    ['sys/product/GW1/status', { family: 'device', sn: 'GW1', channel: 'status' }],
    ['thing/product/AC1/osd', { family: 'device', sn: 'AC1', channel: 'osd' }],
    ['thing/product/GW1/events_reply', { family: 'device', sn: 'GW1', channel: 'events_reply' }],
    ['thing/product/GW1/property/set', { family: 'device', sn: 'GW1', channel: 'property/set' }],
    ['sysinfo/online', { family: 'sysinfo', topic: 'sysinfo/online' }],
    ['sysinfo/task', { family: 'sysinfo', topic: 'sysinfo/task' }],
    ['$SYS/broker/uptime', { family: 'broker' }],
    ['sys/product/GW1/osd', null],
    ['thing/product/+/osd', null],
    ['sysinfo/unknown', null],
    ['web/x', null],
  ])('%s is %j', (topic, parsed) => expect(parseTopic(topic)).toEqual(parsed));

  it.each([
    ['thing/product/AC1/osd', 'AC1'],
    ['thing/product/+/osd', '+'],
    ['thing/product/AC1/state', null],
    ['thing/product/#', null],
    ['thing/product/A C/osd', null],
  ])('OSD filter %s → %s', (filter, sn) => expect(osdFilterSerial(filter)).toBe(sn));

  it.each([
    ['thing/product/SN1/osd', 'SN1'],
    ['sys/product/SN1/#', 'SN1'],
    ['thing/product/+/osd', null],
    ['thing/product', null],
    ['sysinfo/online', null],
  ])('namespace serial of %s → %s', (topic, sn) => expect(namespaceSerial(topic)).toBe(sn));

  it.each([
    ['sysinfo/#', true],
    ['sysinfo/+', true],
    ['sysinfo/fleet', true],
    ['sysinfo', false],
    ['#', false],
  ])('sysinfo filter %s: %s', (filter, ok) => expect(isSysinfoFilter(filter)).toBe(ok));

  it("a gateway's namespace filters name its serial", () => {
    expect(namespaceFilters('GW1').map(namespaceSerial)).toEqual(['GW1', 'GW1']);
  });
});

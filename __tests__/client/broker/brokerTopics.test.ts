import { isReservedForBrowsers } from '@shared/topics';

describe('isReservedForBrowsers (the broker ACL and the console share it)', () => {
  it.each([
    ['sysinfo/online', true],
    ['sysinfo', true],
    ['sysinfo/weather/extra', true],
    ['thing/product/SN1/osd', true],
    ['thing', true],
    ['sys/product/SN1/status', true],
    ['systems/x', false],
    ['$SYS/x', true],
    ['web/admin/x', false],
    ['things/x', false],
    ['my/sysinfo', false],
  ])('%s: %s', (topic, reserved) => expect(isReservedForBrowsers(topic)).toBe(reserved));
});

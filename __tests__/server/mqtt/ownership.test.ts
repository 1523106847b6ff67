import { hash32, ownerOf } from '../../../server/mqtt/ownership';

const serials = Array.from({ length: 3000 }, (_, i) => `1581F5BKD${String(i).padStart(6, '0')}`);
const owners = (members: string[]) => serials.map((sn) => ownerOf(sn, members));
const share = (assigned: (string | undefined)[], member: string) => assigned.filter((o) => o === member).length / assigned.length;
const moved = (before: (string | undefined)[], after: (string | undefined)[]) => before.filter((o, i) => o !== after[i]).length / before.length;

describe('ownerOf (rendezvous hashing of a gateway over the live instances)', () => {
  it.each([
    { members: [], owner: undefined },
    { members: ['a'], owner: 'a' },
    { members: ['a', 'b', 'c'], owner: ownerOf('GW-1', ['c', 'b', 'a']) },
  ])('owner of GW-1 among $members: the same whatever the order', ({ members, owner }) => {
    expect(ownerOf('GW-1', members)).toBe(owner);
    expect(ownerOf('GW-1', [...members].reverse())).toBe(owner);
  });

  it.each([
    { members: ['host:1:aa', 'host:2:bb'], each: 1 / 2 },
    { members: ['host:1:aa', 'host:2:bb', 'host:3:cc'], each: 1 / 3 },
    { members: ['host:1:aa', 'host:2:bb', 'host:3:cc', 'host:4:dd', 'host:5:ee'], each: 1 / 5 },
  ])('spreads 3,000 serials of one batch evenly over $members.length members', ({ members, each }) => {
    const assigned = owners(members);
    for (const member of members) expect(Math.abs(share(assigned, member) - each)).toBeLessThan(0.04);
  });

  it.each([
    { before: ['host:1:aa', 'host:2:bb'], after: ['host:1:aa', 'host:2:bb', 'host:3:cc'], expected: 1 / 3 },
    { before: ['host:1:aa', 'host:2:bb', 'host:3:cc'], after: ['host:1:aa', 'host:2:bb', 'host:3:cc', 'host:4:dd'], expected: 1 / 4 },
    { before: ['host:1:aa', 'host:2:bb', 'host:3:cc'], after: ['host:1:aa', 'host:3:cc'], expected: 1 / 3 },
  ])('moves only about 1/N of the gateways when $before becomes $after', ({ before, after, expected }) => {
    const was = owners(before);
    const is = owners(after);
    expect(Math.abs(moved(was, is) - expected)).toBeLessThan(0.04);
    // Only to a member that joined, or away from one that left: nothing moves between members that stay.
    was.forEach((owner, i) => {
      if (owner !== is[i]) expect(!after.includes(owner!) || !before.includes(is[i]!)).toBe(true);
    });
  });

  // Fixed values: instances of different releases during a rolling deploy must agree on every owner.
  it.each([
    { text: '', hash: 2872998923 },
    { text: 'a', hash: 444641715 },
    { text: 'host:1:aa\nSH-RC-1', hash: 2947943358 },
  ])('hash32($text) is $hash', ({ text, hash }) => {
    expect(hash32(text)).toBe(hash);
  });
});

/**
 * 32-bit FNV-1a of `text` followed by murmur3's finaliser: FNV alone leaves keys that differ only in their last
 * characters (serials of one batch) close together, the finaliser spreads them over the whole range.
 */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * The member that owns `key` (a gateway serial): rendezvous (highest-random-weight) hashing, the member whose hash of
 * member and key is highest (ties to the smaller id). Every instance computes the same owner from the same members,
 * without talking to the others; a member joining takes only the keys it now wins (about 1/N of them), and a member
 * leaving hands only its own to the others. undefined when there is no member.
 */
export function ownerOf(key: string, members: readonly string[]): string | undefined {
  let owner: string | undefined;
  let best = -1;
  for (const member of members) {
    const weight = hash32(`${member}\n${key}`);
    if (weight > best || (weight === best && owner !== undefined && member < owner)) {
      owner = member;
      best = weight;
    }
  }
  return owner;
}

import { Transform, type TransformCallback } from 'node:stream';

/**
 * Passes an MQTT byte stream through unchanged and fails it (closing the connection) as soon as a packet header
 * announces more than `maxBytes` of payload: the TCP listener's equivalent of the websocket's maxPayload, enforced
 * before the packet is buffered.
 */
export function packetSizeGuard(maxBytes: number): Transform {
  // Bytes of the current packet's body still to pass; -1 while reading a fixed header.
  let remaining = -1;
  let headerBytes = 0;
  let length = 0;
  let multiplier = 1;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      let i = 0;
      while (i < chunk.length) {
        if (remaining > 0) {
          const skip = Math.min(remaining, chunk.length - i);
          remaining -= skip;
          i += skip;
          if (remaining === 0) remaining = -1;
          continue;
        }
        const byte = chunk[i++];
        if (headerBytes === 0) {
          headerBytes = 1;
          length = 0;
          multiplier = 1;
          continue;
        }
        length += (byte & 0x7f) * multiplier;
        multiplier *= 128;
        headerBytes++;
        if (length > maxBytes) return callback(new Error(`MQTT packet of ${length} bytes exceeds ${maxBytes}`));
        if (byte & 0x80) {
          if (headerBytes >= 5) return callback(new Error('malformed MQTT remaining length'));
          continue;
        }
        headerBytes = 0;
        remaining = length === 0 ? -1 : length;
      }
      callback(null, chunk);
    },
  });
}

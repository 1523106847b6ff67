/**
 * node-media-server's RTMP and FLV protocol classes (plain JS, no types). The embedded ingest (server/livestream/ingest.ts)
 * uses only these: the RTMP handshake and chunk parser, and the FLV tag writer.
 */
declare module 'node-media-server/src/core/avpacket.js' {
  export default class AVPacket {
    /** 8 audio, 9 video, 18 script. */
    codec_type: number;
    /** 0 audio header, 1 audio frame, 2 video header, 3 key frame, 4 inter frame, 5 metadata. */
    flags: number;
    dts: number;
    pts: number;
    size: number;
    data: Buffer;
  }
}

declare module 'node-media-server/src/protocol/rtmp.js' {
  import type AVPacket from 'node-media-server/src/core/avpacket.js';
  export interface RtmpConnectRequest {
    app: string;
    name: string;
    host: string;
    query: Record<string, string | string[] | undefined>;
  }
  export default class Rtmp {
    onConnectCallback: (request: RtmpConnectRequest) => void;
    onPlayCallback: () => void;
    onPushCallback: () => void;
    onPacketCallback: (packet: AVPacket) => void;
    onOutputCallback: (buffer: Buffer) => void;
    /** Feeds received bytes; returns an error text when the stream is not RTMP. */
    parserData(buffer: Buffer): string | null;
  }
}

declare module 'node-media-server/src/protocol/flv.js' {
  import type AVPacket from 'node-media-server/src/core/avpacket.js';
  export default class Flv {
    static createHeader(hasAudio: boolean, hasVideo: boolean): Buffer;
    /** One FLV tag with its trailing previous-tag-size. */
    static createMessage(packet: AVPacket): Buffer;
  }
}

declare module 'node-media-server/src/core/logger.js' {
  const logger: { level: string };
  export default logger;
}

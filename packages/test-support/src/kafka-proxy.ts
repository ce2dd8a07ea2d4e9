import { StreamRewriter, TcpProxy } from './tcp-proxy';

const METADATA = 3;
const FIND_COORDINATOR = 10;
/** The first versions of these answers in the flexible encoding, which this proxy does not rewrite. */
const FLEXIBLE_FROM: Record<number, number> = { [METADATA]: 9, [FIND_COORDINATOR]: 3 };

/** Splits a byte stream into Kafka frames (a 4-byte size, then that many bytes). */
class FrameSplitter {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): Buffer[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const frames: Buffer[] = [];
    while (this.pending.length >= 4) {
      const size = this.pending.readInt32BE(0);
      if (this.pending.length < 4 + size) break;
      frames.push(this.pending.subarray(0, 4 + size));
      this.pending = this.pending.subarray(4 + size);
    }
    return frames;
  }
}

/** Reads the fields of a response body, remembering where each broker address sits. */
class Reader {
  constructor(
    readonly buf: Buffer,
    public at: number,
  ) {}
  int16(): number {
    const v = this.buf.readInt16BE(this.at);
    this.at += 2;
    return v;
  }
  int32(): number {
    const v = this.buf.readInt32BE(this.at);
    this.at += 4;
    return v;
  }
  /** A STRING or NULLABLE_STRING (length -1). */
  skipString(): void {
    const length = this.int16();
    if (length > 0) this.at += length;
  }
}

/** An address to replace: the host string starts at `hostAt`, the port follows it. */
interface AddressSpot {
  hostAt: number;
  portEnd: number;
}

function metadataBrokers(body: Reader, version: number): AddressSpot[] {
  if (version >= 3) body.int32(); // throttle_time_ms
  const spots: AddressSpot[] = [];
  const count = body.int32();
  for (let i = 0; i < count; i++) {
    body.int32(); // node_id
    const hostAt = body.at;
    body.skipString();
    body.int32(); // port
    spots.push({ hostAt, portEnd: body.at });
    if (version >= 1) body.skipString(); // rack
  }
  return spots;
}

function coordinator(body: Reader, version: number): AddressSpot[] {
  if (version >= 1) body.int32(); // throttle_time_ms
  body.int16(); // error_code
  if (version >= 1) body.skipString(); // error_message
  body.int32(); // node_id
  const hostAt = body.at;
  body.skipString();
  body.int32(); // port
  return [{ hostAt, portEnd: body.at }];
}

function encodedAddress(host: string, port: number): Buffer {
  const name = Buffer.from(host, 'utf8');
  const out = Buffer.alloc(2 + name.length + 4);
  out.writeInt16BE(name.length, 0);
  name.copy(out, 2);
  out.writeInt32BE(port, 2 + name.length);
  return out;
}

/** Rewrites the broker addresses in a Metadata or FindCoordinator answer to the proxy's (size fixed up). */
function rewriteFrame(frame: Buffer, apiKey: number, version: number, host: string, port: number): Buffer {
  if (version >= (FLEXIBLE_FROM[apiKey] ?? Infinity)) {
    throw new Error(
      `KafkaProxy: ${apiKey === METADATA ? 'Metadata' : 'FindCoordinator'} v${version} not supported`,
    );
  }
  const body = new Reader(frame, 8); // size + correlation id
  const spots = apiKey === METADATA ? metadataBrokers(body, version) : coordinator(body, version);
  const parts: Buffer[] = [];
  let from = 4;
  for (const spot of spots) {
    parts.push(frame.subarray(from, spot.hostAt), encodedAddress(host, port));
    from = spot.portEnd;
  }
  parts.push(frame.subarray(from));
  const payload = Buffer.concat(parts);
  const size = Buffer.alloc(4);
  size.writeInt32BE(payload.length, 0);
  return Buffer.concat([size, payload]);
}

/** Per connection: which request each correlation id was, so its answer can be rewritten. */
class KafkaAddressRewriter implements StreamRewriter {
  private readonly requests = new FrameSplitter();
  private readonly responses = new FrameSplitter();
  private readonly inFlight = new Map<number, { apiKey: number; version: number }>();

  constructor(private readonly port: number) {}

  toServer(chunk: Buffer): Buffer {
    for (const frame of this.requests.push(chunk)) {
      const apiKey = frame.readInt16BE(4);
      if (apiKey === METADATA || apiKey === FIND_COORDINATOR) {
        this.inFlight.set(frame.readInt32BE(8), { apiKey, version: frame.readInt16BE(6) });
      }
    }
    return chunk;
  }

  toClient(chunk: Buffer): Buffer {
    const out: Buffer[] = [];
    for (const frame of this.responses.push(chunk)) {
      const correlationId = frame.readInt32BE(4);
      const request = this.inFlight.get(correlationId);
      if (!request) {
        out.push(frame);
        continue;
      }
      this.inFlight.delete(correlationId);
      out.push(rewriteFrame(frame, request.apiKey, request.version, '127.0.0.1', this.port));
    }
    return Buffer.concat(out);
  }
}

/**
 * A TcpProxy in front of a single-node Kafka cluster that is also what the cluster's metadata names: clients
 * bootstrap through it and every address they learn (Metadata brokers, FindCoordinator) is rewritten to it, so
 * cutting the proxy cuts the client off the broker entirely while the shared broker keeps running for everyone
 * else. It speaks the non-flexible versions kafkajs uses (Metadata v0–v8, FindCoordinator v0–v2).
 */
export function startKafkaProxy(broker: string): Promise<TcpProxy> {
  return TcpProxy.start({ target: broker, rewriter: (port) => new KafkaAddressRewriter(port) });
}

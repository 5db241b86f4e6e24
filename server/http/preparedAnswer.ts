import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, crc32, deflateRawSync } from 'node:zlib';

/** The encodings kept ready, best first: what every browser asks for. */
type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/** gzip's member header: magic, deflate, no flags, no time, best compression, unknown system (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 0xff]);
/** The longest end a stored block (deflate) or an uncompressed meta-block (brotli, with 4 length nibbles) holds. */
const MAX_END_BYTES = 0xffff;
/** Brotli's last meta-block, empty: ISLAST and ISLASTEMPTY set (RFC 7932, 9.2). */
const BROTLI_LAST_EMPTY = Buffer.from([0x03]);

/** A deflate stored block holding `bytes`, the last of the stream (RFC 1951, 3.2.4): the header bits, then LEN and NLEN. */
function storedBlock(bytes: Buffer): Buffer {
  const block = Buffer.alloc(5 + bytes.length);
  block[0] = 1; // BFINAL, BTYPE 00; the start ends byte-aligned (a sync flush), so the block starts on a byte too.
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

/**
 * A brotli uncompressed meta-block holding `bytes` (not the last): ISLAST 0, MNIBBLES 0 (four nibbles),
 * MLEN - 1 in 16 bits, ISUNCOMPRESSED 1, padded to the byte (RFC 7932, 9.2); bits are packed from the lowest.
 */
function brotliUncompressedBlock(bytes: Buffer): Buffer {
  const bits = ((bytes.length - 1) << 3) | (1 << 19);
  return Buffer.concat([Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff]), bytes]);
}

/**
 * An answer whose JSON text is the same on every call, or the same start followed by a short end that changes (the
 * server time at the end of `GET settings`). It is kept as it is and in brotli and gzip, the start compressed once at
 * the highest quality: the compression plugin would compress the same 17 KB again on every call, which was most of
 * such a route's time (npm run bench -- --only=api). A changing end is appended to the compressed start as an
 * uncompressed block, which both formats allow after a flush: the start compressed, the end stored as it is.
 */
export class PreparedAnswer {
  private readonly start: Buffer;
  private readonly gzipStart: Buffer;
  private readonly startCrc: number;
  private readonly brotliStart: Buffer;
  /** The answer last made in each encoding, and its end: the server time changes once a millisecond, calls more often. */
  private readonly last = new Map<Encoding | 'identity', { end: string; bytes: Buffer }>();

  constructor(start: string) {
    this.start = Buffer.from(start);
    // A sync flush ends the deflate data on a byte, without a last block: a stored block can follow.
    this.gzipStart = Buffer.concat([GZIP_HEADER, deflateRawSync(this.start, { level: 9, finishFlush: constants.Z_SYNC_FLUSH })]);
    this.startCrc = crc32(this.start);
    this.brotliStart = brotliCompressSync(this.start, {
      finishFlush: constants.BROTLI_OPERATION_FLUSH,
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: this.start.length },
    });
  }

  /** The answer in `encoding`, with `end` (a short text) after the constant start. */
  encode(encoding: Encoding | 'identity', end = ''): Buffer {
    let last = this.last.get(encoding);
    if (last?.end !== end) this.last.set(encoding, (last = { end, bytes: this.assemble(encoding, Buffer.from(end)) }));
    return last.bytes;
  }

  private assemble(encoding: Encoding | 'identity', end: Buffer): Buffer {
    if (end.length > MAX_END_BYTES) throw new Error(`A prepared answer's changing end is at most ${MAX_END_BYTES} bytes (got ${end.length})`);
    if (encoding === 'identity') return Buffer.concat([this.start, end]);
    if (encoding === 'br') return Buffer.concat(end.length ? [this.brotliStart, brotliUncompressedBlock(end), BROTLI_LAST_EMPTY] : [this.brotliStart, BROTLI_LAST_EMPTY]);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc32(end, this.startCrc), 0);
    trailer.writeUInt32LE((this.start.length + end.length) % 2 ** 32, 4);
    return Buffer.concat([this.gzipStart, storedBlock(end), trailer]);
  }
}

/** The last Accept-Encoding negotiated and its outcome: a panel's browsers all send the same header. */
let negotiated = { header: '', encoding: 'identity' as Encoding | 'identity' };

/** The encoding to answer `request` in: brotli or gzip as its Accept-Encoding prefers, else none. */
export function acceptedEncoding(request: FastifyRequest): Encoding | 'identity' {
  const header = request.headers['accept-encoding'];
  if (!header) return 'identity';
  if (header !== negotiated.header) negotiated = { header, encoding: negotiate(header.toLowerCase(), ENCODINGS) ?? 'identity' };
  return negotiated.encoding;
}

/**
 * Sends a prepared JSON answer in the encoding the client accepts (`end`: its changing part, if any). Its routes'
 * handlers call it without being async: a promise per call is measurable at these rates.
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer, end?: string): FastifyReply {
  const encoding = acceptedEncoding(request);
  const vary = reply.getHeader('vary');
  reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(answer.encode(encoding, end));
}

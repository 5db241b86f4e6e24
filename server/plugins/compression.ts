import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { constants } from 'node:zlib';

/** Below this an answer is sent as it is: compressing it saves less than it costs. */
const THRESHOLD_BYTES = 1024;

/**
 * Answers of 1 KiB and more go out brotli- or gzip-compressed when the client accepts it (browsers always do): a
 * statistics report or a list shrinks to a fifth or less (Lighthouse counted 25 KiB of uncompressed API text on the
 * statistics page). Brotli at quality 4 compresses about as fast as gzip and smaller; the build's own files come
 * compressed already (staticFiles.ts), and an answer with an encoding of its own is left alone.
 * Request bodies are never inflated (a compressed one fails to parse and answers 4xx): a small upload cannot unpack
 * into a huge one.
 */
export const compression = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
});

import type { FastifyReply } from 'fastify';

/** The OpenAPI answer of a call that answers a PDF document. */
export const pdfAnswer = { description: 'The PDF document', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } } as const;

/** Sends a PDF as a download named `filename` (documents/documentFileName.ts makes safe names), never cached. */
export function sendPdf(reply: FastifyReply, bytes: Buffer, filename: string) {
  return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(bytes);
}

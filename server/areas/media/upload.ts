import type { FastifyRequest } from 'fastify';
import { fieldError, HttpError } from '../../httpError';
import { phrase, type Phrase } from '../../i18n/phrase';
import type { MediaLimits } from '../../settings/globalSettings';
import { imageDimensions } from './image';
import { documentLimit, mediaLimit, type SizeLimit } from './limits';
import { safeName } from './names';
import type { MediaKind, NewMedia } from './repository';
import { sniff, type Sniffed } from './sniff';
import { inspectPackage, PackageError } from './zip';

/** A multipart upload read into memory: the one `file` part and the text fields. */
export interface UploadForm {
  bytes: Buffer;
  filename: string;
  fields: Record<string, string>;
}

/** What an upload becomes before it is stored (the caller adds the user and network). */
export type PreparedMedia = Omit<NewMedia, 'userId' | 'networkId'>;

const invalid = (errors: Record<string, string[]>) => new HttpError(422, 'The given data was invalid.', { errors });
/** Whole sentences per kind: languages do not build them from "not" + a noun the same way. */
const NOT_KIND: Record<string, Phrase> = {
  image: phrase('The file is not an image.'),
  video: phrase('The file is not a video.'),
  package: phrase('The file is not a ZIP package.'),
  document: phrase('The file is not a document.'),
};
const TOO_LARGE = (kind: string, limit: SizeLimit) =>
  kind === 'image'
    ? phrase('The image is larger than {limit}.', { limit: limit.text })
    : kind === 'video'
      ? phrase('The video is larger than {limit}.', { limit: limit.text })
      : phrase('The package is larger than {limit}.', { limit: limit.text });

/**
 * Turns the multipart parser's limit errors into field errors the form can show. The parser's other refusals (4xx)
 * pass as they are; anything else it throws (busboy's "Unexpected end of multipart data", a malformed part header)
 * is a body that is cut short or not multipart at all: the sender's fault, never a server error.
 */
function multipartError(error: unknown, limit: SizeLimit): unknown {
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fieldError('file', phrase('The file is larger than {limit}.', { limit: limit.text }));
  if (code === 'FST_FILES_LIMIT') return fieldError('file', 'Send one file only.');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return fieldError('file', 'The form has too many fields.');
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) return error;
  return fieldError('file', 'The upload is incomplete or malformed: send the file again.');
}

/**
 * Reads a multipart form with one `file` part (at most `limit` bytes) and the named text fields. Any other part is a
 * field error (`This field is not allowed`), as unknown JSON fields are; a missing or empty file is `file: [...]`.
 */
export async function readUploadForm(request: FastifyRequest, allowed: string[], limit: SizeLimit): Promise<UploadForm> {
  if (!request.isMultipart()) throw fieldError('file', 'Choose a file to upload.');
  const errors: Record<string, string[]> = {};
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; filename: string } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: limit.bytes } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file' && !file) file = { bytes, filename: part.filename };
        else errors[part.fieldname] = ['This field is not allowed'];
      } else if (!allowed.includes(part.fieldname) || Object.hasOwn(fields, part.fieldname)) {
        errors[part.fieldname] = ['This field is not allowed'];
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw multipartError(error, limit);
  }
  if (!file || file.bytes.length === 0) errors.file = [file ? 'The file is empty.' : 'Choose a file to upload.'];
  if (Object.keys(errors).length) throw invalid(errors);
  return { ...file!, fields };
}

/** Width and height of an image, or a field error when its headers do not read as its type or it is too large. */
function checkedDimensions(bytes: Buffer, type: Sniffed, limits: MediaLimits) {
  const size = imageDimensions(bytes, type);
  if (!size) throw fieldError('file', 'The image could not be read; it may be damaged.');
  const max = limits.image_max_side_px;
  if (size.width > max || size.height > max) throw fieldError('file', phrase('The image must be at most {max} pixels on each side.', { max }));
  return size;
}

/** The single-blob form of a file (images, videos, documents). */
const single = (type: Sniffed, form: UploadForm, kind: MediaKind, customProperties: Record<string, unknown>): PreparedMedia => ({
  kind,
  mimeType: type.mime,
  name: safeName(form.filename, type.ext),
  original: form.bytes,
  customProperties,
  blobs: [{ path: '', mimeType: type.mime, bytes: form.bytes }],
});

/**
 * Checks an upload as an ad creative: its kind comes from its bytes (JPEG/PNG/GIF/WebP image, MP4 video, ZIP package)
 * and must be `expected` when given; the size limit is its type's. Packages are inspected in full before anything is
 * stored. Throws a 422 on `file` with the reason.
 */
export async function prepareMedia(form: UploadForm, limits: MediaLimits, expected?: MediaKind): Promise<PreparedMedia> {
  const type = sniff(form.bytes);
  if (!type || type.kind === 'pdf') {
    throw fieldError('file', 'This file type is not allowed: upload a JPEG, PNG, GIF or WebP image, an MP4 video or a ZIP package.');
  }
  if (expected && type.kind !== expected) throw fieldError('file', NOT_KIND[expected]);
  const limit = mediaLimit(type.mime, limits);
  if (form.bytes.length > limit.bytes) throw fieldError('file', TOO_LARGE(type.kind, limit));
  if (type.kind === 'image') return single(type, form, 'image', checkedDimensions(form.bytes, type, limits));
  if (type.kind === 'video') return single(type, form, 'video', {});
  try {
    const contents = await inspectPackage(form.bytes, limits);
    return {
      kind: 'package',
      mimeType: type.mime,
      name: safeName(form.filename, type.ext),
      original: form.bytes,
      customProperties: { entry: contents.entry, files: contents.files.length, uncompressed_size: contents.uncompressedSize },
      blobs: contents.files.map((f) => ({ path: f.path, mimeType: f.mime, bytes: f.bytes })),
    };
  } catch (error) {
    if (error instanceof PackageError) throw fieldError('file', error.phrase);
    throw error;
  }
}

/** Checks a verification document: a PDF, JPEG or PNG within the document limit; `type` is the kind of paper. */
export function prepareDocument(form: UploadForm, limits: MediaLimits, paperType: string): PreparedMedia {
  const type = sniff(form.bytes);
  if (!type || !['application/pdf', 'image/jpeg', 'image/png'].includes(type.mime)) throw fieldError('file', 'This file type is not allowed: upload a PDF, JPEG or PNG file.');
  const limit = documentLimit(limits);
  if (form.bytes.length > limit.bytes) throw fieldError('file', phrase('The document is larger than {limit}.', { limit: limit.text }));
  const size = type.kind === 'image' ? checkedDimensions(form.bytes, type, limits) : {};
  return single(type, form, 'document', { type: paperType, ...size });
}

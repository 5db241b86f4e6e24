import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { MediaLimits } from '../../settings/globalSettings';
import { phrase, type Phrase } from '../../i18n/phrase';
import { packageMime, unsafePathReason } from './names';

/** Why a package was refused, in words for the user (becomes a 422 on `file`). */
export class PackageError extends Error {
  constructor(readonly phrase: Phrase | string) {
    super(String(phrase));
    this.name = 'PackageError';
  }
}

/** One file of an accepted package. */
export interface PackageFile {
  /** Relative path inside the zip, as checked (forward slashes, no dot segments). */
  path: string;
  mime: string;
  bytes: Buffer;
}

/** An accepted package: its files and the start page. */
export interface PackageContents {
  files: PackageFile[];
  /** Path of the start page: `index.html`, or `<folder>/index.html` when everything sits in one top folder. */
  entry: string;
  /** Sum of the unpacked sizes. */
  uncompressedSize: number;
}

interface Listed {
  entry: Entry;
  path: string;
  mime: string;
}

const MB = 1024 * 1024;
const UTF8_FLAG = 0x800;
const ENCRYPTED_FLAG = 0x1;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
/** The ratio check applies from this unpacked size on (tiny files can compress oddly well without harm). */
const RATIO_FLOOR = 64 * 1024;
/** Things Finder and Explorer add to zips: skipped, never stored. */
const isJunk = (path: string) => path.split('/')[0] === '__MACOSX' || /(^|\/)(\.DS_Store|Thumbs\.db|desktop\.ini)$/i.test(path);
const shown = (name: string) => JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name);
/** A refusal naming one file of the package. */
const about = (template: string, name: string, values: Record<string, string | number | Phrase> = {}) => new PackageError(phrase(template, { name: shown(name), ...values }));

/** An entry's name from its raw bytes: UTF-8 when the entry says so, else plain printable ASCII only. */
function entryName(entry: Entry): string {
  const raw = entry.fileNameRaw;
  if (entry.generalPurposeBitFlag & UTF8_FLAG) {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(raw);
    } catch {
      throw new PackageError('The package contains a file name that is not valid UTF-8.');
    }
  }
  if (!raw.every((b) => b >= 0x20 && b <= 0x7e)) throw new PackageError('The package contains a file name with characters other than ASCII that is not marked as UTF-8.');
  return raw.toString('latin1');
}

/** Checks one central-directory entry; answers what to store, or null for folders and junk. */
function checkEntry(entry: Entry, limits: MediaLimits): Listed | null {
  const name = entryName(entry);
  const isDir = name.endsWith('/');
  const path = isDir ? name.slice(0, -1) : name;
  const reason = unsafePathReason(path);
  if (reason) throw about('The package contains an unsafe path {name}: {reason}.', name, { reason });
  if (entry.generalPurposeBitFlag & ENCRYPTED_FLAG) throw about('The package contains an encrypted file: {name}.', name);
  const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
  if (mode === S_IFLNK) throw about('The package contains a symbolic link: {name}.', name);
  if (mode !== 0 && mode !== S_IFREG && !(isDir && mode === S_IFDIR)) throw about('The package contains a special file: {name}.', name);
  if (isDir || isJunk(path)) return null;
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) throw about('The package uses an unsupported compression method for {name}.', name);
  const ratioLimit = limits.zip_max_ratio;
  if (entry.uncompressedSize >= RATIO_FLOOR && entry.uncompressedSize > Math.max(entry.compressedSize, 1) * ratioLimit) {
    throw about('The package looks like a zip bomb: {name} is compressed more than {ratio} times.', name, { ratio: ratioLimit });
  }
  const mime = packageMime(path);
  if (!mime) throw about('The package contains a file type that is not allowed: {name}.', name);
  return { entry, path, mime };
}

/** The start page: index.html at the root, or in the one folder that holds everything. */
function findEntry(paths: string[]): string {
  if (paths.includes('index.html')) return 'index.html';
  const tops = new Set(paths.map((p) => (p.includes('/') ? p.slice(0, p.indexOf('/')) : '')));
  const [top] = [...tops];
  if (tops.size === 1 && top && paths.includes(`${top}/index.html`)) return `${top}/index.html`;
  throw new PackageError('The package must contain index.html at its root (or in a single top folder).');
}

/** Reads a stream whole, refusing more than `max` bytes. */
async function readAll(stream: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > max) {
      stream.destroy();
      throw new PackageError('The package is larger when unpacked than it declares.');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Lists and checks every central-directory entry before a single byte is unpacked. */
async function listEntries(zip: ZipFile, limits: MediaLimits): Promise<{ listed: Listed[]; total: number }> {
  if (zip.entryCount > limits.zip_entries) throw new PackageError(phrase('The package has more than {count} files.', { count: limits.zip_entries }));
  const listed: Listed[] = [];
  const paths = new Set<string>();
  const offsets = new Set<number>();
  let total = 0;
  for await (const entry of zip.eachEntry()) {
    const item = checkEntry(entry, limits);
    if (!item) continue;
    if (paths.has(item.path)) throw about('The package contains {name} twice.', item.path);
    // Entries sharing their data is the overlapping-file zip bomb.
    if (offsets.has(entry.relativeOffsetOfLocalHeader)) throw new PackageError('The package has overlapping files (a zip bomb).');
    paths.add(item.path);
    offsets.add(entry.relativeOffsetOfLocalHeader);
    total += entry.uncompressedSize;
    if (total > limits.zip_uncompressed_mb * MB) throw new PackageError(phrase('The package is larger than {size} MB when unpacked.', { size: limits.zip_uncompressed_mb }));
    listed.push(item);
  }
  return { listed, total };
}

/**
 * Checks a zipped HTML5 banner from its central directory (paths, links, encryption, file count, declared and
 * compressed sizes, file types, start page) and only then unpacks it into memory, with yauzl enforcing that every
 * file unpacks to exactly its declared size. Throws PackageError with the reason; nothing is stored here.
 */
export async function inspectPackage(bytes: Buffer, limits: MediaLimits): Promise<PackageContents> {
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, strictFileNames: true });
  } catch {
    throw new PackageError('The package is not a valid zip file.');
  }
  try {
    const { listed, total } = await listEntries(zip, limits);
    const entry = findEntry(listed.map((l) => l.path));
    const files: PackageFile[] = [];
    for (const item of listed) {
      const stream = await zip.openReadStreamPromise(item.entry);
      files.push({ path: item.path, mime: item.mime, bytes: await readAll(stream, item.entry.uncompressedSize) });
    }
    return { files, entry, uncompressedSize: total };
  } catch (error) {
    if (error instanceof PackageError) throw error;
    throw new PackageError('The package is not a valid zip file.');
  } finally {
    zip.close();
  }
}

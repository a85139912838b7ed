import fs from 'node:fs/promises';
import path from 'node:path';
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import type { DeployFailure } from '../../shared/deploy-failures';
import { AppError, type UploadProblem } from '../../shared/errors';
import { MAX_UPLOAD_FILES, UPLOAD_PATH_MAX, unsafeUploadPath, uploadPathProblem } from '../../shared/site-upload';
import { MAX_DEPLOY_BYTES } from '../../shared/sites';

/**
 * Compressed bytes handed to fflate at a time. Its inflater turns one push into one output chunk,
 * and deflate expands at most ~1032×, so a piece of 4 KiB yields at most ~4 MB at once: memory
 * stays bounded whatever the zip declares (a 1 GiB bomb: the process peaked at 173 MB, 108 MB of
 * it the engine; 16 KiB pieces: 204 MB). Fed whole, fflate inflated an entire entry in one buffer
 * (that bomb: 3.3 GB) and recursed once per entry (a stack overflow past ~3,000 entries).
 */
const PIECE_BYTES = 4 * 1024;
/** Folders and Finder's __MACOSX/ entries are not files, but each is still work: bounded too. */
const MAX_ENTRIES = 3 * MAX_UPLOAD_FILES;
const LOCAL_FILE_HEADER = 0x04034b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;

export interface UnpackedZip {
  /** Relative paths of the files written, in zip order. */
  paths: string[];
  /** Set when the files unpack to more than a deploy may hold: unpacking stopped right there. */
  overLimit: DeployFailure | null;
}

/** One step of writing the zip's files, queued by fflate's callbacks and done between pieces. */
/** What the zip is refused for: the API's English, and the details the window words. */
interface Refusal {
  message: string;
  details: UploadProblem;
}

const refused = ({ message, details }: Refusal) => new AppError('validation_failed', `upload: ${message}`, { details });

type Step =
  { kind: 'open'; path: string } | { kind: 'write'; path: string; chunk: Uint8Array } | { kind: 'close'; path: string };

/**
 * Unpacks a zip into `folder` (an empty temporary folder) as a stream: compressed bytes go in by
 * pieces, decompressed chunks are written out as they come, and the running total is checked on
 * every chunk, so neither memory nor disk follows what the zip claims. Bad zips, unsafe paths and
 * too many files are refused (AppError); too many bytes is `overLimit`, a failed deploy's reason.
 */
export async function unpackZip(name: string, data: Uint8Array, folder: string): Promise<UnpackedZip> {
  if (!startsLikeZip(data)) {
    throw refused({
      message: `${name} is not a zip archive (it does not start with a zip header); upload a .zip made by "compress" or a folder.`,
      details: { field: 'upload', reason: 'upload_not_zip', upload: name },
    });
  }
  const paths: string[] = [];
  const steps: Step[] = [];
  let entries = 0;
  let total = 0;
  let problem: Refusal | null = null;
  let overLimit: DeployFailure | null = null;
  const unzipper = new Unzip((file: UnzipFile) => {
    if (problem || overLimit) return;
    entries += 1;
    if (entries > MAX_ENTRIES) {
      problem = {
        message: `${name} holds more than ${MAX_ENTRIES} entries.`,
        details: { field: 'upload', reason: 'upload_too_many_entries', upload: name, max: MAX_ENTRIES },
      };
      return;
    }
    // Folders are made as their files need them; __MACOSX/ is Finder's metadata, not part of the site.
    if (file.name.endsWith('/') || file.name.startsWith('__MACOSX/')) return;
    const unsafe = uploadPathProblem(file.name);
    if (unsafe) {
      const shown = file.name.slice(0, 80);
      problem = {
        message: `${JSON.stringify(shown)} in ${name} ${unsafeUploadPath(file.name)}.`,
        details: {
          field: 'upload',
          reason: 'upload_unsafe_path',
          upload: name,
          path: shown,
          problem: unsafe,
          maxLength: UPLOAD_PATH_MAX,
        },
      };
      return;
    }
    if (paths.length >= MAX_UPLOAD_FILES) {
      problem = {
        message: `${name} holds more than ${MAX_UPLOAD_FILES} files; a site with more is better deployed from a folder on disk.`,
        details: { field: 'upload', reason: 'upload_too_many_files', upload: name, max: MAX_UPLOAD_FILES },
      };
      return;
    }
    paths.push(file.name);
    steps.push({ kind: 'open', path: file.name });
    file.ondata = (error, chunk, final) => {
      if (problem || overLimit) return;
      if (error) {
        const details = { field: 'upload', upload: name, path: file.name } as const;
        problem = /unknown compression/.test(error.message)
          ? {
              message: `${file.name} in ${name} uses a compression this app cannot read (${error.message}); zip it again with the usual "deflate".`,
              details: { ...details, reason: 'upload_compression' },
            }
          : {
              message: `${file.name} in ${name} cannot be read (${error.message}).`,
              details: { ...details, reason: 'upload_entry_unreadable' },
            };
        return;
      }
      total += chunk.length;
      if (total > MAX_DEPLOY_BYTES) {
        overLimit = { reason: 'upload_unpacks_over_limit', upload: name, path: file.name, maxBytes: MAX_DEPLOY_BYTES };
        return;
      }
      if (chunk.length > 0) steps.push({ kind: 'write', path: file.name, chunk });
      if (final) steps.push({ kind: 'close', path: file.name });
    };
    file.start();
  });
  unzipper.register(UnzipInflate);

  const writer = new FileWriter(folder);
  try {
    for (let offset = 0; offset < data.length && !problem && !overLimit; offset += PIECE_BYTES) {
      const piece = data.subarray(offset, offset + PIECE_BYTES);
      try {
        unzipper.push(piece, offset + PIECE_BYTES >= data.length);
      } catch (error) {
        // fflate reports an entry's unknown compression to its ondata, then throws on going on: the report is the reason.
        if (problem) throw refused(problem);
        throw refused({
          message: `${name} is not a readable zip file (${(error as Error).message}).`,
          details: { field: 'upload', reason: 'upload_unreadable', upload: name },
        });
      }
      await writer.run(steps.splice(0), name);
    }
  } finally {
    await writer.closeAll();
  }
  if (problem) throw refused(problem);
  if (!overLimit && paths.length === 0)
    throw refused({
      message: `${name} holds no files.`,
      details: { field: 'upload', reason: 'upload_empty', upload: name },
    });
  return { paths, overLimit };
}

/** A zip starts with a file's local header, or, empty, with the end of its central directory. */
function startsLikeZip(data: Uint8Array): boolean {
  if (data.length < 4) return false;
  const signature = new DataView(data.buffer, data.byteOffset, 4).getUint32(0, true);
  return signature === LOCAL_FILE_HEADER || signature === END_OF_CENTRAL_DIRECTORY;
}

/** Files being written, by their path in the zip. */
class FileWriter {
  private readonly open = new Map<string, fs.FileHandle>();
  private readonly made = new Set<string>();

  constructor(private readonly folder: string) {}

  async run(steps: Step[], name: string): Promise<void> {
    for (const step of steps) {
      try {
        if (step.kind === 'open') {
          const target = path.join(this.folder, ...step.path.split('/'));
          const parent = path.dirname(target);
          if (!this.made.has(parent)) await fs.mkdir(parent, { recursive: true });
          this.made.add(parent);
          this.open.set(step.path, await fs.open(target, 'wx'));
        } else if (step.kind === 'write') {
          const handle = this.handle(step.path);
          for (let written = 0; written < step.chunk.length;)
            written += (await handle.write(step.chunk, written)).bytesWritten;
        } else {
          await this.handle(step.path).close();
          this.open.delete(step.path);
        }
      } catch (error) {
        const systemCode = (error as NodeJS.ErrnoException).code ?? String(error);
        throw refused({
          message: `cannot unpack ${name} (${systemCode} at ${step.path}).`,
          details: { field: 'upload', reason: 'upload_write_failed', upload: name, path: step.path, systemCode },
        });
      }
    }
  }

  async closeAll(): Promise<void> {
    await Promise.allSettled([...this.open.values()].map((handle) => handle.close()));
    this.open.clear();
  }

  private handle(file: string): fs.FileHandle {
    const handle = this.open.get(file);
    if (!handle) throw Object.assign(new Error('entry not open'), { code: 'EDUPLICATE' });
    return handle;
  }
}

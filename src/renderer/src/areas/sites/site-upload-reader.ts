/** Reads what a person picked (a folder or a .zip) into the admin contract's upload payload. */
import type { UploadProblem } from '../../../../shared/errors';
import { MAX_UPLOAD_FILES, UPLOAD_PATH_MAX, uploadPathProblem, type SiteUpload } from '../../../../shared/site-upload';
import { MAX_DEPLOY_BYTES } from '../../../../shared/sites';

export interface PickedUpload {
  kind: 'folder' | 'zip';
  /** The folder's or the zip's name. */
  name: string;
  files: { path: string; file: File }[];
  byteSize: number;
}

/** A folder from <input webkitdirectory>: every path starts with the folder's own name, which is dropped. */
export function pickedFolder(list: FileList): PickedUpload | null {
  const files = Array.from(list);
  const first = files[0];
  if (!first) return null;
  const name = first.webkitRelativePath.split('/')[0] || first.name;
  return {
    kind: 'folder',
    name,
    files: files.map((file) => ({ path: file.webkitRelativePath.split('/').slice(1).join('/') || file.name, file })),
    byteSize: files.reduce((sum, file) => sum + file.size, 0),
  };
}

export function pickedZip(list: FileList): PickedUpload | null {
  const file = list[0];
  return file ? { kind: 'zip', name: file.name, files: [{ path: file.name, file }], byteSize: file.size } : null;
}

/** Why the pick cannot be uploaded, as the server would refuse it (the window words it, detailWords), or null. */
export function uploadProblem(picked: PickedUpload): UploadProblem | null {
  const upload = picked.name;
  if (picked.kind === 'zip' && !upload.toLowerCase().endsWith('.zip'))
    return { field: 'upload', reason: 'upload_not_zip', upload };
  if (picked.byteSize > MAX_DEPLOY_BYTES)
    return { field: 'files', reason: 'upload_over_limit', bytes: picked.byteSize, maxBytes: MAX_DEPLOY_BYTES };
  if (picked.files.length > MAX_UPLOAD_FILES)
    return { field: 'upload', reason: 'upload_too_many_files', upload, max: MAX_UPLOAD_FILES };
  for (const { path } of picked.files) {
    const problem = uploadPathProblem(path);
    if (problem)
      return { field: 'path', reason: 'upload_unsafe_path', upload, path, problem, maxLength: UPLOAD_PATH_MAX };
  }
  return null;
}

/** A picked file the browser could not read: named, for the window to word. */
export class UnreadablePick extends Error {
  constructor(readonly file: string) {
    super(`${file} could not be read.`);
  }
}

function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new UnreadablePick(file.name));
    reader.readAsDataURL(file);
  });
}

export async function uploadPayload(picked: PickedUpload): Promise<SiteUpload> {
  if (picked.kind === 'zip') return { kind: 'zip', name: picked.name, data: await base64Of(picked.files[0]!.file) };
  const files = await Promise.all(picked.files.map(async ({ path, file }) => ({ path, data: await base64Of(file) })));
  return { kind: 'folder', name: picked.name, files };
}

/** Reads what a person picked (a folder or a .zip) into the admin contract's upload payload. */
import { MAX_UPLOAD_FILES, unsafeUploadPath, type SiteUpload } from '../../../../shared/site-upload';
import { MAX_DEPLOY_BYTES } from '../../../../shared/sites';

const MIB = 1024 * 1024;

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

/** Why the pick cannot be uploaded, in the words the server would use, or null. */
export function uploadProblem(picked: PickedUpload): string | null {
  if (picked.kind === 'zip' && !picked.name.toLowerCase().endsWith('.zip')) return `${picked.name} is not a .zip file.`;
  if (picked.byteSize > MAX_DEPLOY_BYTES)
    return `${picked.name} holds ${(picked.byteSize / MIB).toFixed(1)} MiB; a deploy may hold at most ${MAX_DEPLOY_BYTES / MIB} MiB.`;
  if (picked.files.length > MAX_UPLOAD_FILES)
    return `${picked.name} holds ${picked.files.length} files; an upload may hold at most ${MAX_UPLOAD_FILES}. Deploy it from a folder on this computer instead.`;
  for (const { path } of picked.files) {
    const unsafe = unsafeUploadPath(path);
    if (unsafe) return `${path} ${unsafe}.`;
  }
  return null;
}

function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () =>
      reject(new Error(`${file.name} could not be read (${reader.error?.message ?? 'unknown reason'}).`));
    reader.readAsDataURL(file);
  });
}

export async function uploadPayload(picked: PickedUpload): Promise<SiteUpload> {
  if (picked.kind === 'zip') return { kind: 'zip', name: picked.name, data: await base64Of(picked.files[0]!.file) };
  const files = await Promise.all(picked.files.map(async ({ path, file }) => ({ path, data: await base64Of(file) })));
  return { kind: 'folder', name: picked.name, files };
}

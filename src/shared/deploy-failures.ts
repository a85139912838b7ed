/**
 * Why a deploy failed, one `reason` each with what a face words it from. The record keeps both: the
 * typed failure, which the window words in its member's language, and the engine's English (`reason`
 * of a Deploy), which the API, the CLI and the logs show. `path` is relative to the deployed folder.
 */
export type DeployFailure =
  | { reason: 'folder_missing' | 'folder_is_file' | 'no_index'; folder: string }
  | { reason: 'folder_unreadable'; path: string; systemCode: string }
  | { reason: 'symlink_outside'; path: string; target: string; folder: string }
  | { reason: 'symlink_broken'; path: string; target: string }
  | { reason: 'special_file'; path: string }
  | { reason: 'changed_during_deploy'; path: string; folder: string }
  /** `bytes`: what was counted when the limit was passed (by `path`). */
  | { reason: 'folder_over_limit'; path: string; bytes: number; maxBytes: number }
  | { reason: 'upload_unpacks_over_limit'; upload: string; path: string; maxBytes: number }
  | { reason: 'adoption_site_over_limit'; maxBytes: number }
  /** Writing the deploy failed (a full disk, a permission): the system's code when it gave one, and its message. */
  | { reason: 'copy_failed'; systemCode: string | null; message: string };

export type DeployFailureReason = DeployFailure['reason'];

const MIB = 1024 * 1024;

/** The engine's English for a failure: a record's `reason`, as the API and the CLI show it. */
export function deployFailureEnglish(failure: DeployFailure): string {
  switch (failure.reason) {
    case 'folder_missing':
      return `folder missing: ${failure.folder} does not exist.`;
    case 'folder_is_file':
      return `folder missing: ${failure.folder} is a file, not a folder.`;
    case 'no_index':
      return `no index.html: ${failure.folder} has no index.html at its top, which is what visitors get at "/".`;
    case 'folder_unreadable':
      return `cannot read the folder ${failure.path || '.'} (${failure.systemCode}).`;
    case 'symlink_outside':
      return `a symlink leaving the folder: ${failure.path} points to ${failure.target}, outside ${failure.folder}. Copy that file into the folder instead.`;
    case 'symlink_broken':
      return `a broken symlink: ${failure.path} points to ${failure.target}, which does not exist.`;
    case 'special_file':
      return `${failure.path} is not a regular file, folder or symlink (a socket, pipe or device); remove it from the folder.`;
    case 'changed_during_deploy':
      return `changed during the deploy: ${failure.path || '.'} in ${failure.folder} was replaced (by a symlink or another file or folder) after it was checked, and is not followed; deploy again once the folder is still.`;
    case 'folder_over_limit':
      return `over ${failure.maxBytes / MIB} MiB: the folder holds more than that (${(failure.bytes / MIB).toFixed(1)} MiB counted by ${failure.path}); leave large media out of the site.`;
    case 'upload_unpacks_over_limit':
      return `over ${failure.maxBytes / MIB} MiB: ${failure.upload} unpacks to more than that (counted by ${failure.path}); leave large media out of the site.`;
    case 'adoption_site_over_limit':
      return `over ${failure.maxBytes / MIB} MiB: the adoption site would be larger than a deploy may be.`;
    case 'copy_failed':
      return `copying failed: ${failure.message}`;
  }
}

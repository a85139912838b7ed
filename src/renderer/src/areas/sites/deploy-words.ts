/** Why a deploy failed, in the window's language: worded from its typed failure, the engine's English only for a deploy recorded before failures were typed. */
import type { DeployFailure } from '../../../../shared/deploy-failures';
import type { Deploy } from '../../../../shared/sites';
import { windowI18n } from '../../i18n/i18n';
import { formatBytes } from '../../ui/format';

const t = windowI18n.getFixedT(null, 'sites');

function failureWords(failure: DeployFailure): string {
  switch (failure.reason) {
    case 'folder_missing':
    case 'folder_is_file':
    case 'no_index':
      return t(`deployFailure.${failure.reason}`, { folder: failure.folder });
    case 'folder_unreadable':
      return t('deployFailure.folder_unreadable', { path: failure.path || '.', systemCode: failure.systemCode });
    case 'symlink_outside':
      return t('deployFailure.symlink_outside', { path: failure.path, target: failure.target, folder: failure.folder });
    case 'symlink_broken':
      return t('deployFailure.symlink_broken', { path: failure.path, target: failure.target });
    case 'special_file':
      return t('deployFailure.special_file', { path: failure.path });
    case 'changed_during_deploy':
      return t('deployFailure.changed_during_deploy', { path: failure.path || '.', folder: failure.folder });
    case 'folder_over_limit':
      return t('deployFailure.folder_over_limit', {
        path: failure.path,
        size: formatBytes(failure.bytes),
        max: formatBytes(failure.maxBytes),
      });
    case 'upload_unpacks_over_limit':
      return t('deployFailure.upload_unpacks_over_limit', {
        upload: failure.upload,
        path: failure.path,
        max: formatBytes(failure.maxBytes),
      });
    case 'adoption_site_over_limit':
      return t('deployFailure.adoption_site_over_limit', { max: formatBytes(failure.maxBytes) });
    case 'copy_failed':
      return failure.systemCode
        ? t('deployFailure.copy_failed', { systemCode: failure.systemCode })
        : t('deployFailure.copy_failed_unknown', { message: failure.message });
  }
}

/** A failed deploy's reason as the window shows it, or null for a deploy that succeeded. */
export function deployReasonWords(deploy: Pick<Deploy, 'failure' | 'reason'>): string | null {
  return deploy.failure ? failureWords(deploy.failure) : deploy.reason;
}

/** Why a deploy failed, in the window's language: worded from its typed failure, the engine's English only for a deploy recorded before failures were typed. */
import type { DeployFailure } from '../../../../shared/deploy-failures';
import type { Deploy } from '../../../../shared/sites';
import { windowI18n } from '../../i18n/i18n';
import { formatBytes } from '../../ui/format';

const t = windowI18n.getFixedT(null, 'sites');

/** The failure's names as given (an empty path is the folder itself), its sizes the window's way. */
function failureWords(failure: DeployFailure): string {
  const values = {
    ...failure,
    ...('path' in failure && { path: failure.path || '.' }),
    ...('bytes' in failure && { size: formatBytes(failure.bytes) }),
    ...('maxBytes' in failure && { max: formatBytes(failure.maxBytes) }),
  };
  if (failure.reason === 'copy_failed' && failure.systemCode === null)
    return t('deployFailure.copy_failed_unknown', values);
  return t(`deployFailure.${failure.reason}`, values);
}

/** A failed deploy's reason as the window shows it, or null for a deploy that succeeded. */
export function deployReasonWords(deploy: Pick<Deploy, 'failure' | 'reason'>): string | null {
  return deploy.failure ? failureWords(deploy.failure) : deploy.reason;
}

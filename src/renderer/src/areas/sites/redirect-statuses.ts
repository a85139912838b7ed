/** How a redirect status is offered to staff: in the new-domain form and in each redirect's row. */
import { REDIRECT_STATUSES, type RedirectStatus } from '../../../../shared/sites';

const REDIRECT_STATUS_LABEL: Record<RedirectStatus, string> = {
  301: '301 Moved Permanently',
  302: '302 Found (temporary)',
  307: '307 Temporary Redirect',
  308: '308 Permanent Redirect',
};

export const REDIRECT_STATUS_OPTIONS = REDIRECT_STATUSES.map((status) => ({
  value: String(status),
  label: REDIRECT_STATUS_LABEL[status],
}));

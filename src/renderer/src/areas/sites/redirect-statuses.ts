/** How a redirect status is offered to staff: in the new-domain form and in each redirect's row. */
import { useTranslation } from 'react-i18next';
import { REDIRECT_STATUSES } from '../../../../shared/sites';

export function useRedirectStatusOptions(): { value: string; label: string }[] {
  const { t } = useTranslation('sites');
  return REDIRECT_STATUSES.map((status) => ({
    value: String(status),
    label: t(`domains.redirectStatuses.${status}`),
  }));
}

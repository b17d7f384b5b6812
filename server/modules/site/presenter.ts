import type { SiteResponse } from '../../../common/schemas/site';
import type { Config } from '../../config';

/** The operator's details as the web shows them (imprint, help page), from the configuration. */
export function presentSite(config: Config): SiteResponse {
  const operator = {
    name: config.OPERATOR_NAME ?? null,
    address: config.OPERATOR_ADDRESS ?? null,
    representative: config.OPERATOR_REPRESENTATIVE ?? null,
    email: config.OPERATOR_EMAIL ?? null,
    phone: config.OPERATOR_PHONE ?? null,
    register: config.OPERATOR_REGISTER ?? null,
    vatId: config.OPERATOR_VAT_ID ?? null,
  };
  return {
    operator,
    isOperatorConfigured: Object.values(operator).some((value) => value !== null),
    supportEmail: config.SUPPORT_EMAIL ?? config.OPERATOR_EMAIL ?? null,
  };
}

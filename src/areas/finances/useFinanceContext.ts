import { useIntl } from 'react-intl';
import { useStores } from '../../app/context';
import { localeOfTag } from '../../i18n';
import type { PaymentMethod } from './paymentMethods';
import { isInvoiceMethod } from './paymentMethods';

const NO_METHODS: readonly PaymentMethod[] = [];

/** What the money pages read of the shell: the network's ways to pay, the account type and the sections. */
export function useFinanceContext() {
  const { settings, user, network } = useStores();
  const intl = useIntl();
  const methods = settings.data?.payment_methods ?? NO_METHODS;
  const company = user.user?.account_type === 'company';
  const offersInvoices = methods.some(isInvoiceMethod);
  return {
    methods,
    /** The panel's locale id (`jp`, as the network config's translations name it; Intl calls it `ja`). */
    locale: localeOfTag(intl.locale) ?? intl.locale,
    company,
    /** The invoices tab: the network allows the section, and the user is a company or the network takes bank transfers. */
    invoices: network.sections.has('Invoices') && (company || offersInvoices),
    offersInvoices,
    /** The network lets users see and ask for invoices in the panel. */
    invoicesSection: network.sections.has('Invoices'),
    addFunds: network.sections.has('AddFunds'),
    recurring: methods.some((m) => m.recurring),
    verificationRequired: settings.data?.card_verification_required ?? false,
  };
}

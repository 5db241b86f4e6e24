import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Callout } from '@blueprintjs/core';
import { RouterAnchorButton } from '../../shell/RouterAnchorButton';
import { ResourceTab } from '../../resources/ResourceTab';
import { useFinanceContext } from './useFinanceContext';

/**
 * The invoices tab: the invoices resource (schemas/finances/invoices.resource.json) for a company account; a
 * personal account is told that invoices are for companies and where to change the account type.
 */
export const InvoicesPanel = observer(function InvoicesPanel() {
  const intl = useIntl();
  const { company, offersInvoices } = useFinanceContext();
  if (!company) {
    return (
      <Callout intent="primary" title={intl.formatMessage({ id: 'finances.invoices.personalTitle' })} data-testid="invoices-personal">
        <p>{intl.formatMessage({ id: offersInvoices ? 'finances.invoices.personalText' : 'finances.invoices.personalNoTransfers' })}</p>
        <RouterAnchorButton to="/personal" text={intl.formatMessage({ id: 'finances.invoices.toProfile' })} />
      </Callout>
    );
  }
  return (
    <>
      {!offersInvoices && <Callout intent="warning">{intl.formatMessage({ id: 'finances.invoices.noTransfers' })}</Callout>}
      <ResourceTab id="invoices" />
    </>
  );
});

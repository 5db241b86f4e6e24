import { main, type PageLoader, type RouteDef } from '../../app/routeDef';

const financesPage: PageLoader = () => import('./FinancesPage');
const resultPage: PageLoader = () => import('./PaymentResultPage');

/** A tab of /finances: its own path (a link, a reload and the back button keep it), titled from finances.json. */
const tab = (id: string, path: string, section: string, english: string): RouteDef => ({ ...main(id, path, section, financesPage), title: { id: `finances.route.${id}`, english } });

/**
 * The money area: /finances (the summary, then the overview, payments, transactions, invoices and the automatic top-up as tabs;
 * payments, transactions and invoices are resources, schemas/finances/*.resource.json, whose lists these tabs host), /add-funds
 * and the pages the gateway sends the user back to.
 */
export const routes: readonly RouteDef[] = [
  main('finances', '/finances', 'Finances', financesPage),
  tab('financesPayments', '/finances/payments', 'Finances', 'Payments'),
  tab('financesTransactions', '/finances/transactions', 'Finances', 'Transactions'),
  tab('financesInvoices', '/finances/invoices', 'Invoices', 'Invoices'),
  tab('financesTopUp', '/finances/top-up', 'Finances', 'Automatic top-up'),
  main('addFunds', '/add-funds', 'AddFunds', () => import('./AddFundsPage')),
  main('addFundsSuccess', '/add-funds/success', 'AddFunds', resultPage),
  main('addFundsError', '/add-funds/error', 'AddFunds', resultPage),
];

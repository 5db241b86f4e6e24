import { useIntl } from 'react-intl';
import { useStores } from '../app/context';
import { features } from '../shell/networkFeatures';
import { formatMoney } from '../shell/money';

/** Money in the network's currency for the product pages (campaigns, dashboard, traffic chart): `money(value)` (2 decimals) or `money(value, 'cost')` (4). */
export function useMoney() {
  const intl = useIntl();
  const { network } = useStores();
  const sign = features.currencySign(network.settings);
  return (value: string | null | undefined, kind: 'money' | 'cost' = 'money') => formatMoney(value, intl.locale, sign, kind);
}

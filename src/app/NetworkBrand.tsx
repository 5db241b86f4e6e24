import { observer } from 'mobx-react-lite';
import { useStores } from './context';
import { isSafeAssetUrl } from './safeAssetUrl';
import styles from './NetworkBrand.module.css';


/** The network's logo (which carries its name), or its name in text where the config gives no logo. */
export const NetworkBrand = observer(function NetworkBrand() {
  const { network } = useStores();
  const logo = network.settings?.settings?.images?.logo;
  return (
    <div className={styles.brand}>
      {isSafeAssetUrl(logo) ? <img className={styles.logo} src={logo} alt={network.name} /> : <span className={styles.name}>{network.name}</span>}
    </div>
  );
});

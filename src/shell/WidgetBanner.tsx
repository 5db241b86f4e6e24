import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { useStores } from '../app/context';
import { features } from './networkFeatures';
import styles from './Sidebar.module.css';

/** The network's house banner for the sidebar, in the interface language, falling back to English. */
export const WidgetBanner = observer(function WidgetBanner() {
  const intl = useIntl();
  const { network } = useStores();
  const banner = features.spotBanner(network.settings, 'sidebar', intl.locale);
  if (!banner) return null;
  return (
    <a className={styles.banner} href={banner.url} target="_blank" rel="noopener noreferrer sponsored" data-testid="widget-banner">
      <img src={banner.image} alt={banner.alt} loading="lazy" />
    </a>
  );
});

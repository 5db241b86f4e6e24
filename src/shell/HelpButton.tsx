import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { AnchorButton } from '@blueprintjs/core';
import { Help } from '@blueprintjs/icons';
import { useStores } from '../app/context';
import { useShellStores } from './useShellStores';
import { features } from './networkFeatures';

/**
 * The top bar's help: the network's documentation for the page shown (config `helpUrls`: the API, tracking and
 * RTB pages, the ad form's formats, the campaign form's targeting), else its main help; nothing when it has none.
 */
export const HelpButton = observer(function HelpButton() {
  const intl = useIntl();
  const { network } = useStores();
  const { ui } = useShellStores();
  const { pathname } = useLocation();
  const link = features.helpLink(network.settings, pathname);
  if (!link) return null;
  const label = intl.formatMessage({ id: `shell.help.${link.topic}` });
  return (
    // A link that looks like the bar's buttons: it opens a page, so it says it is a link.
    <AnchorButton role="link" variant="minimal" icon={<Help />} href={link.href} target="_blank" rel="noopener noreferrer" aria-label={label} title={label} text={ui.narrow ? undefined : intl.formatMessage({ id: 'shell.help' })} />
  );
});

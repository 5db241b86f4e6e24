import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../app/context';
import { features } from './networkFeatures';
import { loadLiveChat } from './liveChat';
import { OPEN_LIVE_CHAT_EVENT } from './SupportLinks';

/**
 * The network's vendor live chat (config `liveChat` kinds 2–4): its widget, loaded for the signed-in user, and the
 * sidebar's "Live chat" link opening it. Nothing while support impersonates the user: they would chat as them.
 */
export const LiveChat = observer(function LiveChat() {
  const { network, user } = useStores();
  const chat = features.vendorChat(network.settings);
  const current = user.user;
  const kind = chat?.kind;
  const appId = chat?.appId;
  const ready = !!current && !current.is_impersonating;
  useEffect(() => {
    if (!kind || !appId || !ready || !user.user) return;
    const open = loadLiveChat({ kind, appId }, user.user);
    window.addEventListener(OPEN_LIVE_CHAT_EVENT, open);
    return () => window.removeEventListener(OPEN_LIVE_CHAT_EVENT, open);
  }, [kind, appId, ready, user]);
  return null;
});

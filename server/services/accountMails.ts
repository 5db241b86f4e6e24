import type { NetworkRegistry } from '../config/NetworkRegistry';
import type { NetworkConfig } from '../config/networkConfig';
import { renderMail } from '../mail/templates';
import { urlToken } from '../repositories/codesRepository';
import type { UserRow } from '../repositories/usersRepository';
import type { Platform } from '../types';
import type { MailContext } from './notifications';

/** Where a network's mails link to: its public origin (config), whatever host or origin a request named. */
export function mailContext(networks: NetworkRegistry, network: NetworkConfig): MailContext {
  return { networkHost: network.hosts[0], networkName: network.name, origin: networks.publicOrigin(network) };
}

/**
 * Tells a user something from outside a request (a job): finds the user in their network, stores the
 * notification and mails it with the network's links. Nothing when the user is gone.
 */
export async function notifyUser(platform: Platform, networkId: string, userId: number, type: string, input: { entityId?: number; params?: Record<string, unknown> } = {}): Promise<void> {
  const user = await platform.users.findById(networkId, userId);
  if (user) await platform.notifications.create(user, type, { ...input, mail: mailContext(platform.networks, platform.networks.get(networkId)) });
}

/** Mails a new confirmation link `/register/{userId}/confirm/{code}` (7 days, single use); false, and no mail, when one was issued within `cooldownMs`. */
export async function sendConfirmation(platform: Platform, network: NetworkConfig, user: UserRow, cooldownMs = 0): Promise<boolean> {
  const code = urlToken();
  const issued = await platform.codes.issueUnlessRecent({ userId: user.id, networkId: user.networkId, purpose: 'email_confirm', secret: code }, cooldownMs);
  if (!issued) return false;
  const link = `${platform.networks.publicOrigin(network)}/register/${user.id}/confirm/${code}`;
  const mail = renderMail('email_confirmation', user.locale, { network: network.name, name: user.name }, { action: link });
  await platform.mailer.send({ networkId: user.networkId, networkHost: network.hosts[0], to: user.email, kind: 'email_confirmation', mail });
  return true;
}

import { formatDecimal, parseDecimal } from '../../engine/format/decimal';
import { createHmac } from 'node:crypto';
import type { Platform, AuthContext } from '../types';
import type { UserRow } from '../repositories/usersRepository';
import type { CurrentUser } from '../../generated/types';

const hmac = (secret: string, value: string) => createHmac('sha256', secret).update(value).digest('hex');

/**
 * The spec's Current user entity (schemas/accounts/current-user.answer.schema.json), as `GET user` and `POST auth/login`
 * answer it: built from its row, its account manager and who (if anyone) impersonates it.
 */
export async function currentUser(platform: Platform, user: UserRow, auth: Pick<AuthContext, 'impersonatorId'>): Promise<CurrentUser> {
  const manager = await platform.users.accountManager(user.accountManagerId);
  const impersonator = auth.impersonatorId ? await platform.users.findById(user.networkId, auth.impersonatorId) : undefined;
  return {
    id: user.id,
    name: user.accountType === 'company' && user.companyName ? user.companyName : user.name,
    contact_name: user.name,
    email: user.email,
    status: user.status as CurrentUser['status'],
    role: user.role as CurrentUser['role'],
    account_type: user.accountType as CurrentUser['account_type'],
    locale: user.locale,
    balance: formatDecimal(parseDecimal(user.balance), 2),
    is_impersonating: !!impersonator,
    welcome_seen: user.welcomeSeenAt !== null,
    impersonator: impersonator ? { id: impersonator.id, name: impersonator.name, email: impersonator.email } : null,
    account_manager: manager ? { name: manager.name, avatar_url: manager.avatarUrl, email: manager.email, telegram: manager.telegram } : null,
    hash_values: { user_id: hmac(platform.chatSecret, String(user.id)), email: hmac(platform.chatSecret, user.email) },
  };
}

import { createHmac } from 'node:crypto';
import type { AppServices, AuthContext } from '../types';
import type { UserRow } from '../repositories/usersRepository';

/** The spec's "Current user" entity, as `GET user` and `POST auth/login` answer it. */
export interface CurrentUser {
  id: number;
  /** Display name: the company name for company accounts. */
  name: string;
  contact_name: string;
  email: string;
  status: 'confirmed' | 'unconfirmed';
  role: 'advertiser' | 'support';
  account_type: 'personal' | 'company';
  locale: string;
  /** Exact decimal string (4 places, as stored); format it, never parse it into a float. */
  balance: string;
  is_impersonating: boolean;
  impersonator: { id: number; name: string; email: string } | null;
  account_manager: { name: string; avatar_url: string | null; email: string; telegram: string | null } | null;
  /** HMAC-SHA256 identity hashes chat widgets (Intercom user_hash, Crisp/Tawk signatures) verify users with. */
  hash_values: { user_id: string; email: string };
}

const hmac = (secret: string, value: string) => createHmac('sha256', secret).update(value).digest('hex');

/** Builds the current user from its row, its account manager and who (if anyone) impersonates it. */
export async function currentUser(services: AppServices, user: UserRow, auth: Pick<AuthContext, 'impersonatorId'>): Promise<CurrentUser> {
  const manager = await services.users.accountManager(user.accountManagerId);
  const impersonator = auth.impersonatorId ? await services.users.findById(user.networkId, auth.impersonatorId) : undefined;
  return {
    id: user.id,
    name: user.accountType === 'company' && user.companyName ? user.companyName : user.name,
    contact_name: user.name,
    email: user.email,
    status: user.status as CurrentUser['status'],
    role: user.role as CurrentUser['role'],
    account_type: user.accountType as CurrentUser['account_type'],
    locale: user.locale,
    balance: user.balance,
    is_impersonating: !!impersonator,
    impersonator: impersonator ? { id: impersonator.id, name: impersonator.name, email: impersonator.email } : null,
    account_manager: manager ? { name: manager.name, avatar_url: manager.avatarUrl, email: manager.email, telegram: manager.telegram } : null,
    hash_values: { user_id: hmac(services.chatSecret, String(user.id)), email: hmac(services.chatSecret, user.email) },
  };
}

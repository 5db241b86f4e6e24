import { formatDecimal, parseDecimal } from '../../../engine/format/decimal';
import type { ProvidersSubscriptionAnswer } from '../../../generated/types';
import type { Platform } from '../../types';
import type { UserRow } from '../../repositories/usersRepository';
import { messengerName } from '../../services/messengerCheck';
import { cardVerificationOf } from '../verification/public';

/** Whether the user may ask the account team to manage the campaigns (never asked, or asked and refused). */
export const fullManageRequestable = (user: UserRow) => user.role === 'advertiser' && (user.fullManageStatus === null || user.fullManageStatus === 'rejected');

/**
 * The spec's Profile entity (camelCase as the spec writes it), with the user's provider subscription as the providers
 * area answers it. `recurringPaymentsCustomer` is null until the payments area keeps one; `verificationStatuses` maps
 * a verification type to its status and is empty until a verification is started.
 */
export async function profileOf(platform: Platform, user: UserRow, subscription: ProvidersSubscriptionAnswer | null) {
  const manager = await platform.users.accountManager(user.accountManagerId);
  const messengers = await platform.users.messengers(user.id);
  return {
    id: user.id,
    name: user.accountType === 'company' && user.companyName ? user.companyName : user.name,
    /** The person behind the account (the profile form edits it; `name` shows the company for companies). */
    contactName: user.name,
    phone: user.phone,
    email: user.email,
    balance: formatDecimal(parseDecimal(user.balance), 2),
    accountType: user.accountType as 'personal' | 'company',
    accountManager: manager ? { name: manager.name, avatar_url: manager.avatarUrl, email: manager.email, telegram: manager.telegram } : null,
    companyName: user.companyName,
    companyAddress: user.companyAddress,
    companySite: user.companySite,
    vat: user.vat,
    additionalInfo: user.additionalInfo,
    adActionsNotifications: user.adActionsNotifications,
    campaignActionsNotifications: user.campaignActionsNotifications,
    campaignTooltipsNotifications: user.campaignTooltipsNotifications,
    trafficProviderSubscription: subscription,
    referralProgramPercent: user.referralPercent,
    isCompanyVerified: user.isCompanyVerified,
    verificationStatuses: await cardVerificationOf(platform.db).statuses(user.id),
    twoFactorAuthenticationMethod: user.twoFactorMethod as 'email' | 'google' | null,
    recurringPaymentsCustomer: null,
    messengers: messengers.map((m) => ({ id: m.messengerId, name: messengerName(m.messengerId), nickname: m.nickname, messenger_user_id: m.messengerUserId })),
    fullManageStatus: user.fullManageStatus as 'pending' | 'approved' | 'rejected' | null,
    actions: { full_manage_requestable: fullManageRequestable(user) },
    status: user.status as 'confirmed' | 'unconfirmed',
    locale: user.locale,
  };
}

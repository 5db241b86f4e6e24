/** What the referral area offers the other areas: its section, which the profile page shows. */
export { ReferralSection } from './ReferralSection';

import { main, type RouteDef } from '../../app/routeDef';

/** The verification area: card verification by document kind (photo of the card, passport, selfie with passport, other ID). */
export const routes: readonly RouteDef[] = [main('verification', '/verifications/:type', 'Verification', () => import('./VerificationPage'))];

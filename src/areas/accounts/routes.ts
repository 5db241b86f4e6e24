import { guest, open, type RouteDef } from '../../app/routeDef';

/** The accounts area: sign-in, sign-up and its confirmations, and the password reset. */
export const routes: readonly RouteDef[] = [
  guest('login', '/login', () => import('./LoginPage')),
  guest('register', '/register', () => import('./RegisterPage')),
  guest('passwordReset', '/password/reset', () => import('./PasswordResetPage')),
  open('registerConfirm', '/register/:userId/confirm/:code', () => import('./RegisterConfirmPage')),
  // Open, not guest-only: the A/B rule sends signed-in users here.
  open('confirmEmail', '/confirm-email', () => import('./ConfirmEmailPage')),
  open('registrationSucceeded', '/registration-succeeded', () => import('./RegistrationSucceededPage'), 'empty'),
];

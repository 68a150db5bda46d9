import { defineTexts } from '../i18n/texts';

export const AUTH_TEXTS = defineTexts('auth', {
  intro: 'Sign in to start your session',
  empty: 'Username and password cannot be empty.',
  failed: 'An error occurred. Please try again.',
  expired: 'Your session has ended. Please sign in again.',
  username: 'Username',
  password: 'Password',
  signIn: 'Sign In',
  signingIn: 'Signing In...',
  productLine: '© 2025 {product} · Version {version}',
});

import { defineTexts } from '../i18n/texts';

export const AUTH_TEXTS = defineTexts('auth', {
  intro: 'Sign in to start your session',
  empty: 'Username and password cannot be empty.',
  failed: 'An error occurred. Please try again.',
  unreachable: 'An error occurred. Please try again. The API could not be reached at {url}.',
  crossOrigin:
    "An error occurred. Please try again. The API at {url} could not be reached from this page: it may be down, or it does not allow this page's origin ({origin}).",
  expired: 'Your session has ended. Please sign in again.',
  username: 'Username',
  password: 'Password',
  signIn: 'Sign In',
  signingIn: 'Signing In...',
  productLine: '© 2025 {product} · Version {version}',
});

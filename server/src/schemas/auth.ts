import { MAX_PASSWORD_LENGTH } from '../lib/password-policy';
import { envelope } from './common';

// Schemas of the auth routes: POST /api/auth/login and /logout.

export const loginBodySchema = {
  type: 'object',
  required: ['username', 'password'],
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 200 },
    password: { type: 'string', minLength: 1, maxLength: MAX_PASSWORD_LENGTH },
  },
} as const;

export const loginReplySchema = envelope({ type: 'object', required: ['apiKey'], properties: { apiKey: { type: 'string' } } });

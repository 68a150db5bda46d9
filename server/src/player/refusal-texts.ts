import type { FastifyRequest } from 'fastify';
import { SITE_REFUSAL_REASONS, type SiteRefusal } from '../../../src/contract/player-access';

/**
 * What the player says instead of playing (issue 40): never a black box. In the viewer's language
 * (Accept-Language: English or Vietnamese, the languages of the product), English otherwise.
 */
export type Refusal = 'site' | 'expired' | 'private';

const TEXTS: Record<'en' | 'vi', Record<Refusal, string>> = {
  en: {
    site: "This video can't be played on this site",
    expired: 'This link has expired',
    private: 'This video is private',
  },
  vi: {
    site: 'Không thể phát video này trên trang web này',
    expired: 'Liên kết này đã hết hạn',
    private: 'Video này ở chế độ riêng tư',
  },
};

/** A media request's 403 message: what the player says, and why. */
export const siteRefusalMessage = (why: SiteRefusal): string => `${TEXTS.en.site}: ${SITE_REFUSAL_REASONS[why]}`;

/** A signed file's 403 message (a missing, tampered or expired link or grant): what the player says, and why. */
export const signedRefusalMessage = (check: { refusal: Refusal; why: string }): string => `${TEXTS.en[check.refusal]}: ${check.why}`;

/** The viewer's language of the two the player speaks: the first of Accept-Language that is one of them. */
export function viewerLanguage(request: FastifyRequest): 'en' | 'vi' {
  const header = request.headers['accept-language'] ?? '';
  for (const part of header.split(',')) {
    const code = part.split(';')[0]!.trim().toLowerCase().slice(0, 2);
    if (code === 'vi' || code === 'en') return code;
  }
  return 'en';
}

export const refusalText = (refusal: Refusal, language: 'en' | 'vi'): string => TEXTS[language][refusal];

import { isSiteName, MAX_PLAYER_SITES, OPEN_ACCESS, type EmbedMode, type PlayerAccess } from '../../contract/player-access';

/**
 * The editor's "Where it may play" as a form (issue 40, decision D53): the file's own `player_access`,
 * or the account's default (`null` saved). Its checks are the contract's (`playerAccessProblem`), in
 * the same order, so the operator reads the server's words before a save rather than after it.
 */
export interface AccessForm {
  useDefault: boolean;
  embed: EmbedMode;
  /** As typed: host names one per line (commas and spaces separate too). */
  sites: string;
  signed: boolean;
  allowNoReferrer: boolean;
}

/** The form of a file's setting; while it follows the account, it shows the account's values. */
export function toAccessForm(own: PlayerAccess | null | undefined, accountDefault: PlayerAccess | null | undefined): AccessForm {
  const shown = own ?? accountDefault ?? OPEN_ACCESS;
  return {
    useDefault: !own,
    embed: shown.embed,
    sites: shown.sites.join('\n'),
    signed: shown.signed,
    allowNoReferrer: shown.allow_no_referrer,
  };
}

/** The listed hosts: lower case (as the contract stores them), each once, in the order typed. */
export const parseSites = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\s,]+/)
      .map((site) => site.toLowerCase())
      .filter(Boolean),
  ),
];

/** What PUT /api/files/{id} is sent as `player_access`: null follows the account's default. */
export const accessOf = (form: AccessForm): PlayerAccess | null =>
  form.useDefault
    ? null
    : { embed: form.embed, sites: parseSites(form.sites), signed: form.signed, allow_no_referrer: form.allowNoReferrer };

/** Why the site list cannot be saved, as a text key and its values (the contract's checks, in its order). */
export type SitesProblem = { key: 'tooManySites'; count: number } | { key: 'notHostName'; site: string } | { key: 'noSites' } | null;

export function sitesProblem(form: AccessForm): SitesProblem {
  const access = accessOf(form);
  if (!access) return null;
  if (access.sites.length > MAX_PLAYER_SITES) return { key: 'tooManySites', count: access.sites.length };
  const bad = access.sites.find((site) => !isSiteName(site));
  if (bad !== undefined) return { key: 'notHostName', site: bad.slice(0, 100) };
  return access.embed === 'sites' && access.sites.length === 0 ? { key: 'noSites' } : null;
}

/** Whether the form would save something other than `saved`. */
export const accessChanged = (form: AccessForm, saved: AccessForm): boolean =>
  JSON.stringify(accessOf(form)) !== JSON.stringify(accessOf(saved));

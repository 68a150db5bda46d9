import { useEffect, useRef, useState } from 'react';
import type { PlayerAccess } from '../../contract/player-access';
import { failureText } from '../api/failure-text';
import { mintPlayerToken } from '../api/player-tokens';
import { API_TEXTS } from '../api/texts';
import { useApi } from '../api/use-api';
import { useTexts } from '../i18n/texts';
import { useConfigState } from '../session/use-session';
import { kitPreviewUrl } from './player-link';
import { effectiveAccess, PREVIEW_TOKEN_SECONDS, tokenUsable, withToken } from './signed-player-url';

interface Minted {
  fileId: number;
  token: string;
  expiresAt: number;
}

/** What the kit frames for its own player of a file: the URL (null while a link is minted) or why it cannot play. */
export interface SignedPlayerSrc {
  src: string | null;
  failure: string | null;
}

/**
 * `src` as the kit's own player of `file` may open it: as it is, or for a file that needs signed links
 * with a link the kit mints. A link is minted again only when a new page load needs one and the last
 * has (nearly) lapsed: a page already open plays on through its grant, so the frame never reloads by itself.
 * The URL carries the kit's marker (kitPreviewUrl): an operator's own playback is never counted as a view.
 */
export function useSignedPlayerSrc(
  file: { file_id: number; player_access?: PlayerAccess | null | undefined } | null,
  src: string | null,
): SignedPlayerSrc {
  const api = useApi();
  const { t } = useTexts(API_TEXTS);
  const accountDefault = useConfigState().config?.player.access;
  const signed = file !== null && effectiveAccess(file.player_access, accountDefault).signed;
  const fileId = file?.file_id ?? 0;
  const [minted, setMinted] = useState<Minted | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const latest = useRef<Minted | null>(null);
  latest.current = minted;

  useEffect(() => {
    const last = latest.current;
    if (!signed || !src || (last && last.fileId === fileId && tokenUsable(last.expiresAt, Date.now()))) return;
    let live = true;
    setFailure(null);
    mintPlayerToken(api, fileId, PREVIEW_TOKEN_SECONDS).then(
      ({ data }) => live && setMinted({ fileId, token: data.token, expiresAt: Date.parse(data.expires_at) }),
      (error: unknown) => live && setFailure(failureText(error, t)),
    );
    return () => {
      live = false;
    };
  }, [api, fileId, signed, src, t]);

  const own = src && kitPreviewUrl(src);
  if (!signed || !own) return { src: own, failure: null };
  if (failure) return { src: null, failure };
  return { src: minted && minted.fileId === fileId ? withToken(own, minted.token) : null, failure: null };
}

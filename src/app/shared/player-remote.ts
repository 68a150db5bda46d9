import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { PLAYER_MESSAGE, readPlayerEvent, type DraftCue, type PlayerCommand } from '../../contract/player-messages';

/** Where the video is, as the player last said (milliseconds). */
export interface Playhead {
  time: number;
  paused: boolean;
  /** Milliseconds; 0 until the player said it is ready. */
  duration: number;
  ready: boolean;
}

export interface PlayerRemote {
  /** The iframe's ref callback. */
  frame(element: HTMLIFrameElement | null): void;
  play(): void;
  pause(): void;
  toggle(): void;
  /** Milliseconds. */
  seek(ms: number): void;
  showCues(cues: readonly DraftCue[], lang: string): void;
  /** The playhead now (read in event handlers). */
  current(): Playhead;
  subscribe(listener: () => void): () => void;
}

const START: Playhead = { time: 0, paused: true, duration: 0, ready: false };

/**
 * The kit's side of the player page's postMessage protocol (src/contract/player-messages.ts): commands
 * go to the iframe at the player's origin only, and only its window's messages from that origin are read.
 * The playhead lives outside React state so that ten updates a second repaint only what reads them.
 */
export function usePlayerRemote(src: string | null): PlayerRemote {
  const origin = useMemo(() => (src ? new URL(src, location.href).origin : null), [src]);
  const element = useRef<HTMLIFrameElement | null>(null);
  const remote = useMemo(() => {
    let playhead = START;
    const listeners = new Set<() => void>();
    const update = (next: Partial<Playhead>) => {
      playhead = { ...playhead, ...next };
      for (const listener of listeners) listener();
    };
    let lastCues: PlayerCommand | null = null;
    const post = (command: PlayerCommand) => {
      if (origin) element.current?.contentWindow?.postMessage(command, origin);
    };
    const remote: PlayerRemote & { receive(event: MessageEvent): void; hello(): void } = {
      frame: (node) => {
        element.current?.removeEventListener('load', remote.hello);
        element.current = node;
        // The iframe's page loaded: subscribe to its events (it answers with `ready` once it knows the video).
        node?.addEventListener('load', remote.hello);
      },
      play: () => {
        update({ paused: false });
        post({ type: PLAYER_MESSAGE, command: 'play' });
      },
      pause: () => {
        update({ paused: true });
        post({ type: PLAYER_MESSAGE, command: 'pause' });
      },
      toggle: () => (playhead.paused ? remote.play() : remote.pause()),
      seek: (ms) => {
        const time = Math.max(0, playhead.duration ? Math.min(ms, playhead.duration) : ms);
        update({ time });
        post({ type: PLAYER_MESSAGE, command: 'seek', time: time / 1000 });
      },
      showCues: (cues, lang) => post((lastCues = { type: PLAYER_MESSAGE, command: 'cues', cues, lang })),
      current: () => playhead,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      receive: (event) => {
        if (event.origin !== origin || !element.current || event.source !== element.current.contentWindow) return;
        const message = readPlayerEvent(event.data);
        if (message?.event === 'ready') {
          update({ ready: true, duration: Math.round(message.duration * 1000) });
          // A player that loaded after the draft was sent shows it now.
          if (lastCues) post(lastCues);
        } else if (message?.event === 'timeupdate') update({ time: Math.round(message.time * 1000), paused: message.paused });
      },
      hello: () => post(lastCues ?? { type: PLAYER_MESSAGE, command: 'listen' }),
    };
    return remote;
  }, [origin]);
  useEffect(() => {
    const receive = (event: MessageEvent) => remote.receive(event);
    window.addEventListener('message', receive);
    return () => window.removeEventListener('message', receive);
  }, [remote]);
  return remote;
}

/** A value derived from the playhead, re-rendering the caller only when it changes. */
export function usePlayhead<T>(remote: PlayerRemote, pick: (playhead: Playhead) => T): T {
  return useSyncExternalStore(remote.subscribe, () => pick(remote.current()));
}

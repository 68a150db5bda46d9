/**
 * The player page's side of its postMessage protocol (src/contract/player-messages.ts): commands from
 * the page that embeds it (play, pause, seek, draft cues), and the playhead sent back to every window
 * that sent a command, at the origin it sent from.
 */
import { PLAYER_MESSAGE, readPlayerCommand, type DraftCue, type PlayerEvent } from '../contract/player-messages';

interface Listener {
  source: MessageEventSource;
  origin: string;
}

/** How often the playhead is sent while playing: 'timeupdate' alone fires only every 250 ms or so, too coarse to follow cues. */
const PLAYING_INTERVAL_MS = 100;

export function acceptRemoteControl(video: HTMLVideoElement): void {
  const listeners: Listener[] = [];
  let draft: TextTrack | null = null;

  const send = (message: PlayerEvent, to: readonly Listener[] = listeners) => {
    for (const { source, origin } of to) (source as Window).postMessage(message, origin === 'null' ? '*' : origin);
  };
  const ready = () => video.readyState >= HTMLMediaElement.HAVE_METADATA;
  const readyEvent = (): PlayerEvent => ({
    type: PLAYER_MESSAGE,
    event: 'ready',
    duration: Number.isFinite(video.duration) ? video.duration : 0,
  });
  const timeEvent = (): PlayerEvent => ({ type: PLAYER_MESSAGE, event: 'timeupdate', time: video.currentTime, paused: video.paused });

  const showDraft = (cues: readonly DraftCue[], lang: string) => {
    if (!draft) draft = video.addTextTrack('subtitles', 'Draft', lang);
    for (const cue of Array.from(draft.cues ?? [])) draft.removeCue(cue);
    for (const { start, end, text } of cues) if (end > start) draft.addCue(new VTTCue(start / 1000, end / 1000, text));
    for (const track of Array.from(video.textTracks))
      track.mode = track === draft ? 'showing' : track.kind === 'metadata' ? track.mode : 'disabled';
  };

  window.addEventListener('message', (event) => {
    const command = readPlayerCommand(event.data);
    if (!command || !event.source) return;
    let listener = listeners.find((known) => known.source === event.source);
    if (!listener) {
      listeners.push((listener = { source: event.source, origin: event.origin }));
      if (ready()) send(readyEvent(), [listener]);
      send(timeEvent(), [listener]);
    }
    if (command.command === 'play') void video.play().catch(() => {});
    else if (command.command === 'pause') video.pause();
    else if (command.command === 'seek') video.currentTime = command.time;
    else if (command.command === 'cues') showDraft(command.cues, command.lang ?? '');
  });

  video.addEventListener('loadedmetadata', () => send(readyEvent()));
  for (const name of ['play', 'pause', 'seeked', 'ended']) video.addEventListener(name, () => send(timeEvent()));
  let timer: ReturnType<typeof setInterval> | undefined;
  video.addEventListener('playing', () => {
    clearInterval(timer);
    timer = setInterval(() => (video.paused ? clearInterval(timer) : send(timeEvent())), PLAYING_INTERVAL_MS);
  });
}

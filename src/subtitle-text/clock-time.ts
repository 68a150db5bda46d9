/** `m:ss`, or `h:mm:ss` from an hour on: how a video description writes a chapter's start (`seconds`). */
export function clockTime(seconds: number): string {
  const s = Math.floor(seconds);
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60];
  const mmss = `${h ? String(m).padStart(2, '0') : m}:${String(sec).padStart(2, '0')}`;
  return h ? `${h}:${mmss}` : mmss;
}

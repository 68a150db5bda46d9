/**
 * Subtitle text, shared by the kit (the check before upload) and the server (the player's rendition):
 * encoding detection and decoding, parsers for every accepted format, the check that refuses only
 * what no player could show, and the conversion to UTF-8 WebVTT.
 */
export {
  checkSubtitleBytes,
  checkSubtitleFile,
  EMPTY_REASON,
  noCuesReason,
  type CheckOptions,
  type PreviewCue,
  type SubtitleCheck,
  type SubtitleCheckPassed,
  type SubtitleCheckRefused,
  type SubtitleFormat,
} from './check-subtitle';
export { BINARY_REASON, VOBSUB_REASON } from './binary';
export { SUPPORTED_ENCODINGS } from './encodings';
export { canonicalEncoding, decodeText } from './decode-text';
export { decodeSubtitle, detectEncoding, type DecodedSubtitle, type DetectedEncoding, type EncodingConfidence } from './detect-encoding';
export { parseSrt } from './parse-srt';
export { parseVtt } from './parse-vtt';
export { parseAss } from './parse-ass';
export { parseSub, DEFAULT_FPS, type SubParseResult, type SubVariant } from './parse-sub';
export { toPlainText } from './cue-markup';
export { toWebVtt, toWebVttBytes } from './to-webvtt';
export { MAX_PROBLEMS, type Cue, type ParseResult, type Problem } from './types';

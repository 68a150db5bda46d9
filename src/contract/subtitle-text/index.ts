/** The subtitle check before upload: encoding detection, parsers for every accepted format, the check. */
export {
  checkSubtitle,
  checkSubtitleFile,
  BINARY_REASON,
  EMPTY_REASON,
  noCuesReason,
  type CheckOptions,
  type PreviewCue,
  type SubtitleCheck,
  type SubtitleCheckPassed,
  type SubtitleCheckRefused,
  type SubtitleFormat,
} from './check-subtitle';
export {
  decodeSubtitle,
  detectEncoding,
  SUPPORTED_ENCODINGS,
  type DecodedSubtitle,
  type DetectedEncoding,
  type EncodingConfidence,
} from './detect-encoding';
export { parseSrt } from './parse-srt';
export { parseVtt } from './parse-vtt';
export { parseAss } from './parse-ass';
export { parseSub, DEFAULT_FPS, type SubParseResult, type SubVariant } from './parse-sub';
export { toPlainText } from './plain-text';
export { MAX_PROBLEMS, type Cue, type ParseResult, type Problem } from './types';

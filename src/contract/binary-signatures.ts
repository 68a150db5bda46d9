/**
 * Magic numbers of files people (or attackers) send instead of a subtitle: images, video and audio,
 * archives, documents, executables, and VobSub's binary .sub. The kit refuses them before upload and
 * the server refuses them again, with this one list, so the two can never disagree.
 *
 * Every accepted subtitle format is text, and none of them can begin with these bytes: SRT starts with a
 * digit, WebVTT with "WEBVTT", ASS/SSA with "[Script Info]", MicroDVD with "{", SubViewer with "[" or a
 * time — optionally after a UTF-8 or UTF-16 byte-order mark, which matches none of the signatures.
 */
const ANY = null;

interface Signature {
  name: string;
  /** Bytes from `offset`; ANY matches every byte. */
  bytes: readonly (number | null)[];
  offset?: number;
}

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

const SIGNATURES: readonly Signature[] = [
  // Images.
  { name: 'PNG', bytes: [0x89, ...ascii('PNG'), 0x0d, 0x0a, 0x1a, 0x0a] },
  { name: 'JPEG', bytes: [0xff, 0xd8, 0xff] },
  { name: 'GIF', bytes: ascii('GIF8') },
  { name: 'TIFF', bytes: [0x49, 0x49, 0x2a, 0x00] },
  { name: 'TIFF', bytes: [0x4d, 0x4d, 0x00, 0x2a] },
  { name: 'ICO', bytes: [0x00, 0x00, 0x01, 0x00] },
  // Video and audio.
  { name: 'MP4/MOV', bytes: ascii('ftyp'), offset: 4 },
  { name: 'Matroska/WebM', bytes: [0x1a, 0x45, 0xdf, 0xa3] },
  { name: 'RIFF (AVI, WAV, WebP)', bytes: ascii('RIFF') },
  { name: 'Ogg', bytes: ascii('OggS') },
  { name: 'FLAC', bytes: ascii('fLaC') },
  { name: 'MP3 (ID3)', bytes: ascii('ID3') },
  { name: 'MPEG program stream (VobSub .sub)', bytes: [0x00, 0x00, 0x01, 0xba] },
  // Archives and compressed data.
  { name: 'ZIP (also DOCX, XLSX, JAR)', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { name: 'empty ZIP', bytes: [0x50, 0x4b, 0x05, 0x06] },
  { name: 'gzip', bytes: [0x1f, 0x8b] },
  { name: 'bzip2', bytes: [...ascii('BZh'), ANY, 0x31, 0x41, 0x59, 0x26, 0x53, 0x59] },
  { name: 'xz', bytes: [0xfd, ...ascii('7zXZ'), 0x00] },
  { name: 'zstd', bytes: [0x28, 0xb5, 0x2f, 0xfd] },
  { name: '7z', bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
  { name: 'RAR', bytes: [...ascii('Rar!'), 0x1a, 0x07] },
  // Documents and databases.
  { name: 'PDF', bytes: ascii('%PDF-') },
  { name: 'OLE (DOC, XLS, MSI)', bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
  { name: 'SQLite', bytes: [...ascii('SQLite format 3'), 0x00] },
  // Executables.
  { name: 'ELF', bytes: [0x7f, ...ascii('ELF')] },
  { name: 'Windows PE/MZ', bytes: [...ascii('MZ'), ANY, ANY, ANY, 0x00] },
  { name: 'Mach-O', bytes: [0xfe, 0xed, 0xfa, ANY] },
  { name: 'Mach-O', bytes: [ANY, 0xfa, 0xed, 0xfe] },
  { name: 'Java class / Mach-O universal', bytes: [0xca, 0xfe, 0xba, 0xbe] },
  { name: 'WebAssembly', bytes: [0x00, ...ascii('asm')] },
];

function matches(bytes: Uint8Array, { bytes: expected, offset = 0 }: Signature): boolean {
  if (bytes.length < offset + expected.length) return false;
  return expected.every((byte, i) => byte === ANY || bytes[offset + i] === byte);
}

/** The name of the binary format the bytes start with ('PNG', 'ELF', …), or null for anything else. */
export function binaryFormatOf(bytes: Uint8Array): string | null {
  return SIGNATURES.find((signature) => matches(bytes, signature))?.name ?? null;
}

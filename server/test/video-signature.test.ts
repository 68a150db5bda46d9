import { describe, expect, it } from 'vitest';
import { videoContainer } from '../src/media/video-signature';

/** An ISO box: a 32-bit size, a type, then its content. */
const box = (type: string, content: Buffer | string = Buffer.alloc(0)): Buffer => {
  const body = typeof content === 'string' ? Buffer.from(content, 'latin1') : content;
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
const fileType = box('ftyp', 'isom\0\0\x02\0isomiso2avc1mp41');
const sized = (bytes: Buffer, size = bytes.length) => videoContainer(bytes.subarray(0, 1024), size);

describe('the container of a file by its first bytes', () => {
  it('names the demuxer of each container it accepts', () => {
    const mp4 = Buffer.concat([fileType, box('free', Buffer.alloc(8)), box('mdat', Buffer.alloc(2000)), box('moov', Buffer.alloc(100))]);
    expect(sized(mp4)).toBe('mov');
    // QuickTime may start with moov, wide or mdat; the last box may run to the end of the file (size 0).
    expect(sized(Buffer.concat([box('wide'), box('mdat', Buffer.alloc(64)), Buffer.from('\0\0\0\0moov')]), 5000)).toBe('mov');
    expect(sized(box('moov', Buffer.concat([box('mvhd', Buffer.alloc(100)), box('trak', Buffer.alloc(2000))])))).toBe('mov');
    expect(sized(box('moov', Buffer.alloc(2000)))).toBeNull(); // a movie holds boxes
    expect(sized(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4]))).toBe('matroska');
    expect(sized(Buffer.from('RIFF\x10\0\0\0AVI LIST', 'latin1'))).toBe('avi');
    expect(sized(Buffer.from('FLV\x01\x05', 'latin1'))).toBe('flv');
    expect(sized(Buffer.from('OggS\0\x02', 'latin1'))).toBe('ogg');
    expect(sized(Buffer.from([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6]))).toBe('asf');
    expect(sized(Buffer.from([0, 0, 1, 0xba, 0x44]))).toBe('mpeg');
    expect(sized(Buffer.from([0, 0, 1, 0xb3, 0x0a]))).toBe('mpegvideo');
    const ts = Buffer.alloc(188 * 4);
    for (let i = 0; i < 4; i++) ts[i * 188] = 0x47;
    expect(sized(ts)).toBe('mpegts');
  });

  it('refuses text that puts a box name at offset 4, and boxes that are not real', () => {
    const manifest = '<!--free-->\n<MPD xmlns="urn:mpeg:dash:schema:mpd:2011"><BaseURL>http://127.0.0.1/video.mp4</BaseURL></MPD>\n';
    expect(sized(Buffer.from(manifest))).toBeNull(); // '<!--' would be a 1 GB box in a 100-byte file
    expect(sized(Buffer.from(manifest), 2 ** 31)).toBeNull(); // and '-->\n' no box after it in a large one
    expect(sized(Buffer.from('#EXTM3U\n#EXTINF:10,\nhttp://127.0.0.1/a.ts\n'))).toBeNull();
    expect(sized(Buffer.from("ffconcat version 1.0\nfile '/tmp/x.mp4'\n"))).toBeNull();
    // A file type box with no brands, or brands that are not letters.
    expect(sized(Buffer.concat([box('ftyp', 'isom'), box('free', Buffer.alloc(64))]))).toBeNull();
    expect(sized(Buffer.concat([box('ftyp', 'isom\0\0\0\0\x07\x07\x07\x07'), box('free', Buffer.alloc(64))]))).toBeNull();
    // A box that runs past the end of the file (a truncated upload), one smaller than its header, one of size 0 first.
    expect(sized(Buffer.concat([fileType, box('mdat', Buffer.alloc(64))]), fileType.length + 40)).toBeNull();
    expect(sized(Buffer.concat([fileType, Buffer.from('\0\0\0\x04free', 'latin1'), Buffer.alloc(64)]))).toBeNull();
    expect(sized(Buffer.concat([Buffer.from('\0\0\0\0mdat', 'latin1'), Buffer.alloc(64)]))).toBeNull();
  });
});

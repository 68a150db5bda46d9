import { isCompleted } from '../../../src/contract/file-status';
import { slugFromTitle } from '../lib/slug';
import type { FileRow } from './files';

/**
 * Deterministic, realistic sample files: the same index always gives the same file, so benchmarks
 * and demos are repeatable. Word lists are long enough that a typical search word matches about 1 % of
 * the files (a search at 1 M files stays selective), with a few accented and non-Latin titles.
 */

const ADJECTIVES = [
  'Golden',
  'Silent',
  'Electric',
  'Hidden',
  'Frozen',
  'Wild',
  'Ancient',
  'Urban',
  'Midnight',
  'Crimson',
  'Velvet',
  'Rapid',
  'Gentle',
  'Broken',
  'Radiant',
  'Lonely',
  'Brave',
  'Curious',
  'Distant',
  'Emerald',
  'Fading',
  'Glorious',
  'Humble',
  'Infinite',
  'Jagged',
  'Lucky',
  'Misty',
  'Neon',
  'Obsidian',
  'Painted',
  'Quiet',
  'Rustic',
  'Sapphire',
  'Tangled',
  'Vivid',
  'Wandering',
  'Amber',
  'Bitter',
  'Cosmic',
  'Dusty',
  'Endless',
  'Fearless',
  'Graceful',
  'Hollow',
  'Iron',
  'Jolly',
  'Kinetic',
  'Lunar',
  'Mellow',
  'Northern',
];
const NOUNS = [
  'Harbor',
  'Forest',
  'Skyline',
  'Lighthouse',
  'Canyon',
  'Orchard',
  'Glacier',
  'Festival',
  'Market',
  'Bridge',
  'Garden',
  'Island',
  'Desert',
  'Valley',
  'Railway',
  'Cathedral',
  'Workshop',
  'Kitchen',
  'Studio',
  'Stadium',
  'Harvest',
  'Voyage',
  'Parade',
  'Summit',
  'Lagoon',
  'Meadow',
  'Volcano',
  'Waterfall',
  'Boulevard',
  'Carnival',
  'Dynasty',
  'Expedition',
  'Frontier',
  'Galaxy',
  'Horizon',
  'Journey',
  'Kingdom',
  'Legend',
  'Monsoon',
  'Nebula',
  'Odyssey',
  'Pavilion',
  'Quarry',
  'Rhapsody',
  'Sanctuary',
  'Tempest',
  'Universe',
  'Vineyard',
  'Wilderness',
  'Zenith',
];
const PLACES = [
  'Lisbon',
  'Kyoto',
  'Reykjavik',
  'Marrakesh',
  'Patagonia',
  'Hanoi',
  'Zürich',
  'São Paulo',
  'Kraków',
  'Đà Nẵng',
  'Istanbul',
  'Nairobi',
  'Vancouver',
  'Santorini',
  'Havana',
  'Queenstown',
  'Tbilisi',
  'Cusco',
  'Bergen',
  'Seville',
  'München',
  'Montréal',
  'Valparaíso',
  'Dubrovnik',
  'Chiang Mai',
  'Cape Town',
  'Edinburgh',
  'Salzburg',
  'Oaxaca',
  'Tallinn',
  '東京',
  'Séoul',
  'Jaipur',
  'Bruges',
  'Porto',
  'Ljubljana',
  'Hobart',
  'Tromsø',
  'Zanzibar',
  'Ushuaia',
];
const FORMATS = [
  'Tutorial',
  'Review',
  'Highlights',
  'Interview',
  'Walkthrough',
  'Recap',
  'Trailer',
  'Vlog',
  'Documentary',
  'Livestream',
  'Unboxing',
  'Masterclass',
  'Teaser',
  'Behind the Scenes',
  'Q&A',
  'Timelapse',
  'Podcast',
  'Showcase',
  'Webinar',
  'Keynote',
  'Montage',
  'Retrospective',
  'Sketch',
  'Lecture',
  'Compilation',
];
const TOPICS = [
  'Photography',
  'Cooking',
  'Cycling',
  'Astronomy',
  'Gardening',
  'Woodworking',
  'Skateboarding',
  'Pottery',
  'Climbing',
  'Sailing',
  'Chess',
  'Guitar',
  'Piano',
  'Surfing',
  'Baking',
  'Robotics',
  'Calligraphy',
  'Birdwatching',
  'Kayaking',
  'Origami',
  'Yoga',
  'Typography',
  'Beekeeping',
  'Snowboarding',
  'Knitting',
  'Drumming',
  'Fencing',
  'Archery',
  'Animation',
  'Architecture',
];
const PEOPLE = [
  'Amélie',
  'Bruno',
  'Chiara',
  'Dmitri',
  'Esther',
  'Farid',
  'Greta',
  'Hiroshi',
  'Ingrid',
  'Joaquín',
  'Kwame',
  'Lucía',
  'Mateus',
  'Nadia',
  'Oskar',
  'Priya',
  'Quentin',
  'Rosa',
  'Søren',
  'Tariq',
];
const EVENTS = [
  'Marathon',
  'Jazz Night',
  'Film Week',
  'Food Fair',
  'Regatta',
  'Book Fair',
  'Derby',
  'Carnival Parade',
  'Light Show',
  'Summit Talk',
];

export const SERVERS = [
  'fra-01.media.example',
  'fra-02.media.example',
  'ams-01.media.example',
  'lon-01.media.example',
  'nyc-01.media.example',
  'sfo-01.media.example',
  'sgp-01.media.example',
  'syd-01.media.example',
];

/** A 32-bit integer hash (lowbias32): independent, repeatable randomness per (index, salt). */
function mix(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

export class Dice {
  #state: number;
  constructor(seed: number) {
    this.#state = mix(seed ^ 0x9e3779b9);
  }
  next(): number {
    this.#state = mix(this.#state + 0x6d2b79f5);
    return this.#state;
  }
  int(n: number): number {
    return this.next() % n;
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)]!;
  }
}

export function sampleTitle(d: Dice): string {
  switch (d.int(6)) {
    case 0:
      return `${d.pick(ADJECTIVES)} ${d.pick(NOUNS)} — ${d.pick(PLACES)}`;
    case 1:
      return `${d.pick(PLACES)} ${d.pick(EVENTS)} ${2015 + d.int(11)}`;
    case 2:
      return `${d.pick(TOPICS)} ${d.pick(FORMATS)}: ${d.pick(ADJECTIVES)} ${d.pick(NOUNS)}`;
    case 3:
      return `${d.pick(PEOPLE)}'s ${d.pick(TOPICS)} ${d.pick(FORMATS)} #${1 + d.int(300)}`;
    case 4:
      return `${d.pick(NOUNS)} of ${d.pick(PLACES)} (${d.pick(FORMATS)})`;
    default:
      return `${d.pick(ADJECTIVES)} ${d.pick(TOPICS)} with ${d.pick(PEOPLE)}`;
  }
}

/** Mostly completed files, every status present. */
const STATUS_WEIGHTS = [6, 4, 4, 4, 3, 4, 4, 3, 5, 5, 58];
const STATUS_TOTAL = STATUS_WEIGHTS.reduce((a, b) => a + b, 0);

export interface SampleFile {
  file_server: string;
  file_title: string;
  file_status: number;
  is_active: 0 | 1;
  file_image: string | null;
  file_slide: string | null;
}

/** File number `index` of a sample set (`fileId` names its images). */
export function sampleFile(index: number, fileId: number): SampleFile {
  const d = new Dice(index);
  let roll = d.int(STATUS_TOTAL);
  let status = 0;
  while (roll >= STATUS_WEIGHTS[status]!) roll -= STATUS_WEIGHTS[status++]!;
  const imageRoll = d.int(100);
  return {
    file_server: d.pick(SERVERS),
    file_title: sampleTitle(d),
    file_status: status,
    is_active: d.int(100) < (isCompleted(status) ? 85 : 45) ? 1 : 0,
    // ~2 % point at an image the server does not have (the kit's 'Image failed to load'), ~6 % have none.
    file_image: imageRoll < 2 ? `missing/${fileId}.jpg` : imageRoll < 8 ? null : `thumbs/${fileId}.svg`,
    file_slide: d.int(100) < 45 ? `slides/${fileId}.svg` : null,
  };
}

const YEAR_MS = 365 * 24 * 3600 * 1000;

/** The columns both engines' seeds write of each sample file (the others keep their defaults). */
export const SEEDED_COLUMNS = [
  'file_id',
  'account_id',
  'file_server',
  'file_title',
  'file_slug',
  'file_status',
  'is_active',
  'created_at',
  'file_image',
  'file_slide',
  'views_30d',
] as const satisfies readonly (keyof FileRow)[];

/**
 * A seeded file's views of the last 30 days when the seed asks for them (`seed --views`, the API
 * benchmark's 1 M files): 70 % of files have none and the others a long tail (100,000 / rank over
 * random ranks: a few files with tens of thousands, most with tens, many ties), so the Views sort
 * orders something, unlike a column of zeros that leaves it file_id order. No stats stand behind them.
 */
export function sampleViews30d(index: number): number {
  const d = new Dice(index + 104_729);
  return d.int(10) < 7 ? 0 : Math.floor(100_000 / (1 + d.int(10_000)));
}

export interface SeedResult {
  firstId: number;
  lastId: number;
}

/**
 * The `index`-th of `count` sample files of an account, with the id `fileId`: the files are created
 * over the year before `now`, oldest first (so file ids follow creation time). Its slug ends with the
 * file id in base 36, which keeps slugs globally unique. `views`: it has sample views_30d (else 0).
 */
export function sampleFileRow(accountId: number, index: number, fileId: number, count: number, now: number, views = false): FileRow {
  const step = YEAR_MS / Math.max(count, 1);
  const f = sampleFile(index, fileId);
  const jitter = (new Dice(index + 7_919).int(1000) / 1000) * step;
  // Field by field, not `...f`: V8 built each spread row as a slow object, 16 µs apiece, which was a
  // third of a million-file seed.
  return {
    file_server: f.file_server,
    file_title: f.file_title,
    file_status: f.file_status,
    is_active: f.is_active,
    file_image: f.file_image,
    file_slide: f.file_slide,
    file_id: fileId,
    account_id: accountId,
    file_slug: `${slugFromTitle(f.file_title, 3)}-${fileId.toString(36)}`,
    file_progress: null,
    file_reason: null,
    file_duration: null,
    file_width: null,
    file_height: null,
    file_rendition: null,
    created_at: Math.floor(now - YEAR_MS + index * step + jitter),
    version: 1,
    deleted_at: null,
    activate_at: null,
    deactivate_at: null,
    views_30d: views ? sampleViews30d(index) : 0,
    downloads: null,
    download_video_bytes: null,
    download_audio_bytes: null,
  };
}

/** The rows of `count` sample files of an account with consecutive ids from `firstId` (see sampleFileRow). */
export function* sampleFiles(accountId: number, firstId: number, count: number, now: number, views = false): Generator<FileRow> {
  for (let i = 0; i < count; i++) yield sampleFileRow(accountId, i, firstId + i, count, now, views);
}

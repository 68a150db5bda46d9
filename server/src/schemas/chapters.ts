import { chaptersSchema as chaptersContract } from '../../../src/contract/chapters';
import { contractSchema } from './from-contract';

// Schemas of /api/files/:file_id/chapters (decision D66).

export const chaptersSchema = contractSchema(chaptersContract, {
  sub_id: {
    description: 'The chapters track: GET /api/subs/{sub_id}/vtt, its versions and the cue editor read and save it as a subtitle track.',
  },
  version: { description: 'Bumped by every change; the ETag of GET /api/files/{id}/chapters is this number in quotes.' },
  created_at: { format: 'date-time' },
  chapters: { description: 'In order, none overlapping: start and end in seconds, title the cue text.' },
});

export const chaptersBody = {
  type: 'string',
  description:
    'text/vtt: a WebVTT chapters track, one cue per chapter, its title as its text. text/plain: one chapter a line, a time then its title as in a video description ("00:00 Intro", "1:02:03 Q&A"); each runs until the next and the last until the end of the video.',
} as const;

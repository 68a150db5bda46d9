import type { Database } from 'better-sqlite3';

// The encoding a subtitle is read with and the store key of its WebVTT rendition for the player.
// Both stay NULL for tracks stored before: the server builds their renditions when it starts.
export default {
  up(db: Database): void {
    db.exec('ALTER TABLE subtitles ADD COLUMN sub_charset TEXT');
    db.exec('ALTER TABLE subtitles ADD COLUMN rendition_name TEXT');
  },
};

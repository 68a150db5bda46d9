// The encoding a subtitle is read with and the store key of its WebVTT rendition for the player.
// Both stay NULL for tracks stored before: the server builds their renditions when it starts.
export default {
  sql: `ALTER TABLE subtitles ADD COLUMN sub_charset text, ADD COLUMN rendition_name text`,
};

// file_words carries the title's sort key, with a btree of each word's files in title order: a
// search sorted by title walked the files' title index to the page's last match, and a word's
// matches need not sit near the start of the titles. The table is rebuilt (faster than updating
// every row), then vacuumed (`vacuum` below); the triggers of migration 4 stay, their function is
// replaced.
export default {
  sql: `
  DROP TABLE file_words;
  CREATE TABLE file_words (
    word      text COLLATE "C" NOT NULL,
    title_key text COLLATE "C" NOT NULL,
    file_id   bigint NOT NULL
  );
  INSERT INTO file_words (word, title_key, file_id) SELECT unnest(tsvector_to_array(search_words)), file_title_key, file_id FROM files;
  CREATE UNIQUE INDEX IF NOT EXISTS file_words_word ON file_words (word, file_id);
  CREATE INDEX IF NOT EXISTS file_words_title ON file_words (word, title_key, file_id);
  
CREATE OR REPLACE FUNCTION vp_file_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM file_words w USING (SELECT unnest(tsvector_to_array(search_words)) AS word, file_id FROM old_rows) o
      WHERE w.word = o.word AND w.file_id = o.file_id;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO file_words (word, title_key, file_id) SELECT unnest(tsvector_to_array(search_words)), file_title_key, file_id FROM new_rows;
  ELSE
    DELETE FROM file_words w USING (
        SELECT unnest(tsvector_to_array(o.search_words)) AS word, o.file_id
        FROM old_rows o JOIN new_rows n USING (file_id)
        WHERE o.search_words <> n.search_words OR o.file_title_key <> n.file_title_key) o
      WHERE w.word = o.word AND w.file_id = o.file_id;
    INSERT INTO file_words (word, title_key, file_id)
      SELECT unnest(tsvector_to_array(n.search_words)), n.file_title_key, n.file_id
      FROM old_rows o JOIN new_rows n USING (file_id)
      WHERE o.search_words <> n.search_words OR o.file_title_key <> n.file_title_key;
  END IF;
  RETURN NULL;
END $$;

  `,
  vacuum: ['file_words'],
};

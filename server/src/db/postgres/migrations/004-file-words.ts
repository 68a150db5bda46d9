// The words of every file in a btree, so that a search's match count is an index-only range read
// per word (a count over the GIN index reads a heap page for nearly every match).
export default {
  sql: `
  CREATE TABLE file_words (
    word    text COLLATE "C" NOT NULL,
    file_id bigint NOT NULL
  );
  INSERT INTO file_words (word, file_id) SELECT unnest(tsvector_to_array(search_words)), file_id FROM files;
  CREATE UNIQUE INDEX IF NOT EXISTS file_words_word ON file_words (word, file_id);
  CREATE OR REPLACE FUNCTION vp_file_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN
      DELETE FROM file_words w USING (SELECT unnest(tsvector_to_array(search_words)) AS word, file_id FROM old_rows) o
        WHERE w.word = o.word AND w.file_id = o.file_id;
    ELSIF TG_OP = 'INSERT' THEN
      INSERT INTO file_words (word, file_id) SELECT unnest(tsvector_to_array(search_words)), file_id FROM new_rows;
    ELSE
      DELETE FROM file_words w USING (
          SELECT unnest(tsvector_to_array(o.search_words)) AS word, o.file_id
          FROM old_rows o JOIN new_rows n USING (file_id) WHERE o.search_words <> n.search_words) o
        WHERE w.word = o.word AND w.file_id = o.file_id;
      INSERT INTO file_words (word, file_id)
        SELECT unnest(tsvector_to_array(n.search_words)), n.file_id
        FROM old_rows o JOIN new_rows n USING (file_id) WHERE o.search_words <> n.search_words;
    END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER files_words_inserted AFTER INSERT ON files REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION vp_file_words_changed();
  CREATE TRIGGER files_words_deleted AFTER DELETE ON files REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION vp_file_words_changed();
  CREATE TRIGGER files_words_updated AFTER UPDATE ON files REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION vp_file_words_changed();
  `,
};

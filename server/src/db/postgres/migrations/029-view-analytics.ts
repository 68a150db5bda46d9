// View analytics (issue 41, decision D54): the player's beats until they are rolled up, each playback
// session's running state, and the per file per day roll-ups (views, watch time, sessions, the
// furthest 10 % bucket each view reached, and its embedding sites and countries); each file's views of
// the last 30 days, a sort of the list with its covering index per filter family. Frozen text.
export default {
  sql: `
  CREATE TABLE view_beats (
    beat_id    bigserial PRIMARY KEY,
    file_id    bigint NOT NULL,
    session_id text COLLATE "C" NOT NULL,
    at         bigint NOT NULL,
    position   double precision NOT NULL,
    played     double precision NOT NULL,
    duration   double precision,
    ended      smallint NOT NULL,
    host       text COLLATE "C" NOT NULL,
    country    text COLLATE "C" NOT NULL
  );
  CREATE TABLE view_sessions (
    file_id    bigint NOT NULL,
    session_id text COLLATE "C" NOT NULL,
    day        text COLLATE "C" NOT NULL,
    last_at    bigint NOT NULL,
    played     double precision NOT NULL,
    bucket     smallint NOT NULL,
    counted    smallint NOT NULL,
    host       text COLLATE "C" NOT NULL,
    country    text COLLATE "C" NOT NULL,
    PRIMARY KEY (file_id, session_id)
  );
  CREATE INDEX view_sessions_last_at ON view_sessions (last_at);
  CREATE TABLE view_days (
    file_id       bigint NOT NULL,
    day           text COLLATE "C" NOT NULL,
    account_id    bigint NOT NULL,
    views         integer NOT NULL,
    watch_seconds double precision NOT NULL,
    sessions      integer NOT NULL,
    reached_0 integer NOT NULL, reached_1 integer NOT NULL, reached_2 integer NOT NULL, reached_3 integer NOT NULL,
    reached_4 integer NOT NULL, reached_5 integer NOT NULL, reached_6 integer NOT NULL, reached_7 integer NOT NULL,
    reached_8 integer NOT NULL, reached_9 integer NOT NULL,
    PRIMARY KEY (file_id, day)
  );
  CREATE INDEX view_days_account_day ON view_days (account_id, day);
  CREATE INDEX view_days_day ON view_days (day);
  CREATE TABLE view_sites (
    file_id bigint NOT NULL,
    day     text COLLATE "C" NOT NULL,
    host    text COLLATE "C" NOT NULL,
    views   integer NOT NULL,
    PRIMARY KEY (file_id, day, host)
  );
  CREATE INDEX view_sites_day ON view_sites (day);
  CREATE TABLE view_countries (
    file_id bigint NOT NULL,
    day     text COLLATE "C" NOT NULL,
    country text COLLATE "C" NOT NULL,
    views   integer NOT NULL,
    PRIMARY KEY (file_id, day, country)
  );
  CREATE INDEX view_countries_day ON view_countries (day);
  ALTER TABLE files ADD COLUMN views_30d integer NOT NULL DEFAULT 0;
  CREATE INDEX files_list_views_30d_file_id ON files (account_id, views_30d, file_id) INCLUDE (is_active, file_status);
  CREATE INDEX files_list_is_active_views_30d_file_id ON files (account_id, is_active, views_30d, file_id) INCLUDE (file_status);
  CREATE INDEX files_list_file_status_views_30d_file_id ON files (account_id, file_status, views_30d, file_id) INCLUDE (is_active);
  `,
};

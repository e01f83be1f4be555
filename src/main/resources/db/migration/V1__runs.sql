-- Sustain run history, version 1. The same script runs on SQLite and PostgreSQL, so it uses only
-- types and syntax both understand: TEXT, BIGINT, DOUBLE PRECISION, ON CONFLICT upserts.
-- Times are epoch milliseconds (UTC) so that ordering is numeric on both databases.

CREATE TABLE drives (
  drive_id      TEXT PRIMARY KEY,   -- the device identity key (model|serial, wwn:..), see Drive
  model         TEXT,
  serial        TEXT,
  size_bytes    BIGINT,
  first_seen_ms BIGINT NOT NULL,
  last_seen_ms  BIGINT NOT NULL
);

CREATE TABLE runs (
  run_id           TEXT PRIMARY KEY,  -- UUID; derived from host + run folder + start when known
  drive_id         TEXT NOT NULL REFERENCES drives (drive_id),
  host             TEXT NOT NULL,
  command          TEXT NOT NULL,     -- write, fill, copy, verify, sweep, import
  params_json      TEXT,
  started_ms       BIGINT NOT NULL,
  ended_ms         BIGINT,
  status           TEXT NOT NULL,     -- running, complete, interrupted, failed
  error            TEXT,
  bytes            BIGINT,
  seconds          DOUBLE PRECISION,
  average_mbps     DOUBLE PRECISION,
  burst_mbps       DOUBLE PRECISION,
  cache_gb         DOUBLE PRECISION,
  cliff_s          DOUBLE PRECISION,
  floor_mbps       DOUBLE PRECISION,
  after_cache_mbps DOUBLE PRECISION,
  shape            TEXT,
  analysis_json    TEXT,              -- the whole analysis object, for fields added later
  run_folder       TEXT,
  source           TEXT NOT NULL,     -- run (recorded by the runner) or import
  tool_version     TEXT,
  recorded_ms      BIGINT NOT NULL
);

CREATE INDEX runs_started ON runs (started_ms);
CREATE INDEX runs_drive_started ON runs (drive_id, started_ms);

-- Sustain run history, version 2: runs as they go. A running write, fill or copy appends its
-- samples.csv rows here while it writes (and the rest at its end), so a dashboard on any host sees
-- every host's runs live. Same script on SQLite and PostgreSQL (see V1 for the types).

-- One row per samples.csv row. seq is the row's place in samples.csv (0 = the first after the
-- header): the live rows and the ones filled in from the file at the end share it, so a row is
-- never stored twice. The whole line is kept and read by the run's header, so columns added to
-- samples.csv later need no migration; the columns beside it are the ones queried by name.
CREATE TABLE samples (
  run_id    TEXT NOT NULL,
  seq       BIGINT NOT NULL,
  time_s    DOUBLE PRECISION NOT NULL,  -- end of the interval, seconds since the start
  rate_mbps DOUBLE PRECISION,           -- the second column: write_MBps (read_MBps for reads)
  bytes     BIGINT,                     -- bytes completed in the interval
  temp_c    DOUBLE PRECISION,           -- null where no sensor exists
  phase     TEXT,                       -- write, flush, read, cooldown...; null without a phase column
  line      TEXT NOT NULL,              -- the samples.csv line as written
  PRIMARY KEY (run_id, seq)
);

-- What only the run folder had: run.json (so a run page on another host shows the device and the
-- parameters) and the header of samples.csv (so stored lines are read by column name).
CREATE TABLE run_documents (
  run_id         TEXT PRIMARY KEY,
  run_json       TEXT,
  samples_header TEXT,
  updated_ms     BIGINT NOT NULL
);

-- The dashboard's filters and its newest-first cursor (started_ms, run_id).
CREATE INDEX runs_started_run ON runs (started_ms, run_id);
CREATE INDEX runs_status_started ON runs (status, started_ms);
CREATE INDEX runs_host_started ON runs (host, started_ms);

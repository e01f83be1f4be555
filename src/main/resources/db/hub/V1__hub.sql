-- The hub's own schema (sustain hub), apart from the run history's (db/migration).
-- Nothing here identifies a drive or a person: drives and runs are keyed by an HMAC under the
-- hub's secret of what the client sent (itself a hash salted with the hub's public challenge).

CREATE TABLE hub_secret (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  secret BYTEA NOT NULL
);
-- The hub's secret is made by the server (SecureRandom) on its first start, not by SQL's random().

CREATE TABLE hub_drives (
  id BIGSERIAL PRIMARY KEY,
  drive_key BYTEA NOT NULL UNIQUE
);

-- One row per document received, accepted or rejected (with its reason; never in an aggregate).
CREATE TABLE hub_shares (
  id BIGSERIAL PRIMARY KEY,
  run_key BYTEA NOT NULL UNIQUE,
  drive_id BIGINT NOT NULL REFERENCES hub_drives (id),
  status TEXT NOT NULL CHECK (status IN ('accepted', 'rejected')),
  reason TEXT,
  model TEXT NOT NULL,
  capacity_bytes BIGINT NOT NULL,
  firmware TEXT NOT NULL,
  transport TEXT,
  link_tier TEXT NOT NULL,
  job_key TEXT NOT NULL,
  job_label TEXT NOT NULL,
  sustain_version TEXT NOT NULL,
  fresh BOOLEAN NOT NULL,
  shape TEXT,
  recovery_cause TEXT,
  free_bytes BIGINT,
  bytes BIGINT NOT NULL,
  seconds DOUBLE PRECISION NOT NULL,
  average_mbps DOUBLE PRECISION NOT NULL,
  burst_mbps DOUBLE PRECISION,
  cache_gb DOUBLE PRECISION,
  floor_mbps DOUBLE PRECISION,
  curve TEXT NOT NULL,
  received_day DATE NOT NULL DEFAULT CURRENT_DATE
);
CREATE INDEX hub_shares_group ON hub_shares (model, capacity_bytes, firmware, job_key, drive_id)
  WHERE status = 'accepted';

-- The median of each drive's accepted runs in its group: one drive is one vote.
CREATE TABLE hub_drive_medians (
  model TEXT NOT NULL,
  capacity_bytes BIGINT NOT NULL,
  firmware TEXT NOT NULL,
  job_key TEXT NOT NULL,
  drive_id BIGINT NOT NULL REFERENCES hub_drives (id),
  runs INTEGER NOT NULL,
  fresh_runs INTEGER NOT NULL,
  burst_mbps DOUBLE PRECISION,
  cache_gb DOUBLE PRECISION,
  floor_mbps DOUBLE PRECISION,
  fresh_cache_gb DOUBLE PRECISION,
  fresh_floor_mbps DOUBLE PRECISION,
  PRIMARY KEY (model, capacity_bytes, firmware, job_key, drive_id)
);

-- Quartiles over the drives' medians of each group, rewritten in the share's transaction.
CREATE TABLE hub_aggregates (
  model TEXT NOT NULL,
  capacity_bytes BIGINT NOT NULL,
  firmware TEXT NOT NULL,
  job_key TEXT NOT NULL,
  job_label TEXT NOT NULL,
  drives INTEGER NOT NULL,
  runs INTEGER NOT NULL,
  fresh_drives INTEGER NOT NULL,
  burst_q1 DOUBLE PRECISION, burst_median DOUBLE PRECISION, burst_q3 DOUBLE PRECISION,
  cache_q1 DOUBLE PRECISION, cache_median DOUBLE PRECISION, cache_q3 DOUBLE PRECISION,
  floor_q1 DOUBLE PRECISION, floor_median DOUBLE PRECISION, floor_q3 DOUBLE PRECISION,
  fresh_cache_median DOUBLE PRECISION, fresh_floor_median DOUBLE PRECISION,
  PRIMARY KEY (model, capacity_bytes, firmware, job_key)
);
CREATE INDEX hub_aggregates_model ON hub_aggregates (lower(model));

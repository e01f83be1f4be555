-- Sustain run history, version 3: runs grouped as a person would group them. The same script runs
-- on SQLite and PostgreSQL (TEXT, BIGINT, ||, REPLACE, UPPER, correlated subqueries, ON CONFLICT).
-- No run is removed: every run of version 1 is still there, under its drive's new key.

-- What the history table shows and filters on: the I/O engine (the null engine measured no drive,
-- so its runs are left out of the history) and the path the run was given (--drive matches it).
ALTER TABLE runs ADD COLUMN engine TEXT;
ALTER TABLE runs ADD COLUMN target_path TEXT;

-- The engine of runs recorded before this version, from their parameters (compact JSON text).
UPDATE runs SET engine = 'uring' WHERE params_json LIKE '%"engine":"uring"%';
UPDATE runs SET engine = 'threads' WHERE params_json LIKE '%"engine":"threads"%';
UPDATE runs SET engine = 'null' WHERE params_json LIKE '%"engine":"null"%';

-- A drive with a usable serial is keyed by the serial alone (serial:SERIAL): the same drive seen
-- through two enclosures (two model strings) is one drive. A serial is usable unless it is blank,
-- all zeros, or one of the constant serials bridges report (as DriveIdentity.usableSerial says).
INSERT INTO drives (drive_id, model, serial, size_bytes, first_seen_ms, last_seen_ms)
SELECT 'serial:' || serial, MAX(model), serial, MAX(size_bytes), MIN(first_seen_ms),
       MAX(last_seen_ms)
FROM drives
WHERE serial IS NOT NULL
  AND drive_id <> 'serial:' || serial
  AND REPLACE(REPLACE(serial, '0', ''), ' ', '') <> ''
  AND UPPER(serial) NOT IN ('0123456789ABCDEF', '123456789012')
GROUP BY serial
ON CONFLICT (drive_id) DO UPDATE SET
  model = COALESCE(drives.model, excluded.model),
  size_bytes = COALESCE(drives.size_bytes, excluded.size_bytes),
  first_seen_ms = CASE WHEN excluded.first_seen_ms < drives.first_seen_ms
                       THEN excluded.first_seen_ms ELSE drives.first_seen_ms END,
  last_seen_ms = CASE WHEN excluded.last_seen_ms > drives.last_seen_ms
                      THEN excluded.last_seen_ms ELSE drives.last_seen_ms END;

UPDATE runs
SET drive_id = (SELECT 'serial:' || d.serial FROM drives d WHERE d.drive_id = runs.drive_id)
WHERE drive_id IN (
  SELECT drive_id FROM drives
  WHERE serial IS NOT NULL
    AND drive_id <> 'serial:' || serial
    AND REPLACE(REPLACE(serial, '0', ''), ' ', '') <> ''
    AND UPPER(serial) NOT IN ('0123456789ABCDEF', '123456789012'));

DELETE FROM drives
WHERE serial IS NOT NULL
  AND drive_id <> 'serial:' || serial
  AND REPLACE(REPLACE(serial, '0', ''), ' ', '') <> ''
  AND UPPER(serial) NOT IN ('0123456789ABCDEF', '123456789012')
  AND NOT EXISTS (SELECT 1 FROM runs r WHERE r.drive_id = drives.drive_id);

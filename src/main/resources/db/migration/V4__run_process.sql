-- Sustain run history, version 4: the process a run runs in. A run recorded while it goes says
-- running until its end is recorded; a run killed (SIGKILL, a crash, a power loss) never records
-- one. Its host and pid, with its start, let a reader on that host tell a live run from a dead one
-- (run.json carries the pid; until now the history did not). Same script on SQLite and PostgreSQL.
-- Runs recorded before this version have no pid: readers cannot check them and keep the stale rule.
ALTER TABLE runs ADD COLUMN pid BIGINT;

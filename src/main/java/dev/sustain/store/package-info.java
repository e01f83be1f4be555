/**
 * The run history: every run recorded per drive in SQLite (one machine) or PostgreSQL (a lab), with
 * one schema kept by Flyway migrations, and the trend of a drive's runs in words. It reads results;
 * it never measures. Database credentials never leave {@link dev.sustain.store.DbLocation}.
 */
package dev.sustain.store;

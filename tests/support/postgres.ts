/** Moved to scripts/lib (the benchmark uses it too, and scripts/ imports nothing from tests/); kept here for the tests. */
export * from '../../scripts/lib/postgres.ts'

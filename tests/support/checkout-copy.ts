/** Moved to scripts/lib (the React Router upgrade check uses it too, and scripts/ imports nothing from tests/); kept here for the tests. */
export * from '../../scripts/lib/checkout-copy.ts'

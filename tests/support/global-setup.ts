/** Provisions what the suites need before any test runs (PostgreSQL is added by the storage work). */
export default async function setup() {}

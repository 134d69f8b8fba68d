import { loadConfig } from "../platform/config";
import { openDatabase } from "../platform/db";
import { createStorage } from "../platform/storage";
import { applyReferenceData } from "./reference-data";
import { DEMO_PASSWORD, seedDemo } from "./seed";

// `npm run seed`: adds the demo data to the configured database when asked explicitly (refuses a non-empty one).
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await applyReferenceData(database.db);
if (!(await database.isEmpty())) {
  console.error("The database already has organizations; the demo seed only runs on an empty database.");
  process.exitCode = 1;
} else {
  const logins = await seedDemo(database.db, { storage: createStorage(config) });
  console.log(`Seeded ${logins.length} demo logins (password ${DEMO_PASSWORD}).`);
}
await database.close();

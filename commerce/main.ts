import express from "express";
import pino from "pino";
import { loadCommerceConfig } from "./config";
import { LOG_REDACTION } from "./contract/log-redaction";
import { createCommerceApi, healthChecks, migrateDatabase, openDatabase, seedDatabase, whileOthersWait } from "./service";

/** The commerce service on its own (COMMERCE_PORT, default 4000); the storefront reaches it via COMMERCE_API_URL. */
const config = loadCommerceConfig();
const logger = pino({ level: config.logLevel, base: { service: "brewfront-commerce" }, redact: LOG_REDACTION });
const db = openDatabase(config);
await whileOthersWait(config, async () => {
  await migrateDatabase(db);
  await seedDatabase(db, config);
});

const app = express();
app.disable("x-powered-by");
let warm = false;
app.use(healthChecks(db, () => warm));
const api = createCommerceApi(db, config, logger);
app.use(api);

// Listening at once lets /readyz say "warming up" while the indexes are built.
const server = app.listen(config.port, () => logger.info({ port: config.port }, "commerce service listening"));
await api.warm();
warm = true;
process.on("SIGTERM", () =>
  server.close(async () => {
    await api.close();
    await db.destroy();
    process.exit(0);
  }),
);

import express from "express";
import pino from "pino";
import { createDb, migrateToLatest } from "./db/index";
import { seedIfEmpty } from "./db/seed/index";
import { createCommerceRouter } from "./http/app";
import { healthRouter } from "./http/health";
import { createMailer } from "./mail";

/** The commerce service on its own (COMMERCE_PORT, default 4000); the storefront reaches it via COMMERCE_API_URL. */
const logger = pino({ level: process.env.LOG_LEVEL ?? "info", base: { service: "brewfront-commerce" } });
const db = createDb(process.env.DATABASE_URL);
await migrateToLatest(db);
if (process.env.SEED !== "false") await seedIfEmpty(db, Number(process.env.SEED_CATALOG_SIZE ?? 0));

const app = express();
app.disable("x-powered-by");
app.use(healthRouter(db));
app.use(createCommerceRouter({ db, mailer: createMailer({ smtpUrl: process.env.SMTP_URL, outboxDir: process.env.MAIL_OUTBOX_DIR }), logger, adminKey: process.env.ADMIN_API_KEY }));

const port = Number(process.env.COMMERCE_PORT ?? 4000);
const server = app.listen(port, () => logger.info({ port }, "commerce service listening"));
process.on("SIGTERM", () => server.close(async () => { await db.destroy(); process.exit(0); }));

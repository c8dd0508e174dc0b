import { type Response, Router } from "express";
import { EmailConfirmationSchema } from "../contract/cms";
import { ProductCodeParamSchema, StockAlertRequestSchema } from "../contract/product";
import type { ConfirmOutcome } from "../domain/email-confirmation";
import type { StockAlertService } from "../domain/stock-alerts";
import { ApiProblem } from "./errors";
import { handle, parse } from "./handle";
import { siteOf } from "./site";

/** 200 when the link confirmed something; 400 for a token that names nothing, 410 for a lapsed one. */
export function confirmationAnswer(res: Response, outcome: ConfirmOutcome): void {
  if (outcome === "confirmed") {
    res.json({ status: "confirmed" });
    return;
  }
  throw new ApiProblem(outcome === "expired" ? 410 : 400, {
    type: outcome === "expired" ? "ExpiredTokenError" : "InvalidTokenError",
    message: outcome === "expired" ? "This confirmation link has expired." : "This confirmation link is not valid.",
    subject: "token",
    reason: outcome,
  });
}

/** Notify me (back-in-stock alerts) with double opt-in. */
export function alertsRouter(alerts: StockAlertService): Router {
  const router = Router({ mergeParams: true });

  // The same answer whether or not the shopper was already waiting: the list is not for probing.
  router.post(
    "/alert/alertMe",
    handle(async (req, res) => {
      const { productCode, email } = parse(StockAlertRequestSchema, req.body);
      const code = await alerts.request(siteOf(res), parse(ProductCodeParamSchema, productCode), email);
      res.status(202).json({ status: "pending", productCode: code, email });
    }),
  );

  router.post(
    "/alert/confirm",
    handle(async (req, res) => {
      const { token } = parse(EmailConfirmationSchema, req.body);
      confirmationAnswer(res, await alerts.confirm(token));
    }),
  );

  return router;
}

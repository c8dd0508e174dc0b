import type { Response, Router } from "express";
import { EmailConfirmationResultSchema, EmailConfirmationSchema } from "../contract/cms";
import { StockAlertRequestSchema, StockAlertResultSchema } from "../contract/product";
import type { ConfirmOutcome } from "../domain/email-confirmation";
import type { StockAlertService } from "../domain/stock-alerts";
import { clientAddress } from "./auth";
import { ApiProblem } from "./errors";
import { apiRouter, BUSY } from "./operations";
import { siteOf } from "./site";

/** How a confirmation link's token is refused. */
export const CONFIRMATION_ERRORS = { 400: "A malformed or unknown token (InvalidTokenError)", 410: "The link has expired (ExpiredTokenError)", 503: BUSY };

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
  const api = apiRouter();

  // The same answer whether or not the shopper was already waiting: the list is not for probing.
  api.post(
    "/alert/alertMe",
    {
      summary: "Email the shopper when an out-of-stock product is back, once they confirm through the link mailed to them",
      body: StockAlertRequestSchema,
      answers: { 202: { description: "Confirmation mailed; the same answer whether or not the address was already waiting", schema: StockAlertResultSchema } },
      errors: {
        400: "Invalid input (ValidationError)",
        404: "No such product (UnknownIdentifierError)",
        429: "Too many sign-ups and alerts from this address in ten minutes (Retry-After)",
        503: BUSY,
      },
    },
    async (req, res, input) => {
      const { productCode, email } = input.body();
      const code = await alerts.request(siteOf(res), productCode, email, clientAddress(req));
      res.status(202).json({ status: "pending", productCode: code, email });
    },
  );

  api.post(
    "/alert/confirm",
    {
      summary: "Confirm a notify-me alert with the token from its confirmation mail",
      body: EmailConfirmationSchema,
      answers: { 200: { description: "Confirmed", schema: EmailConfirmationResultSchema } },
      errors: CONFIRMATION_ERRORS,
    },
    async (_req, res, input) => {
      const { token } = input.body();
      confirmationAnswer(res, await alerts.confirm(token));
    },
  );

  return api.router;
}

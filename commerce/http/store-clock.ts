import type { Router } from "express";
import { AutoDeliverySweepSchema, MoveStoreClockRequestSchema, StoreClockSchema } from "../contract/store-clock";
import type { AutoDeliveryOrders } from "../domain/auto-delivery-orders";
import { dayOf } from "../domain/clock";
import type { StoreClock } from "../domain/store-clock";
import { apiRouter } from "./operations";
import { requireOperatorKey } from "./operator-access";

const OPERATOR_ERRORS = {
  400: "Invalid input (ValidationError)",
  401: "A missing or wrong X-Admin-Key (UnauthorizedError)",
  // Also the answer everywhere but the operators' side (OPERATOR_PORT, else loopback).
  404: "Not the operators' side, or no ADMIN_API_KEY (UnknownResourceError)",
  429: "Too many wrong keys from this address (TooManyRequestsError)",
};

/**
 * The operators' store clock (decision 055), mounted only with STORE_CLOCK_MOVABLE: read it, move
 * it ahead, put it back, and place the due auto-delivery orders now instead of at the next sweep.
 * Where these answer and how wrong keys are throttled is decided in front (operator-access.ts);
 * the key is checked here too, as the stock update does, so the router is safe mounted alone.
 */
export function storeClockRouter(clock: StoreClock, orders: AutoDeliveryOrders, adminKey: string | undefined): Router {
  const api = apiRouter();
  const shown = (now: Date) => ({ now: now.toISOString(), today: dayOf(now), offsetSeconds: Math.round((now.getTime() - Date.now()) / 1000) });

  api.get(
    "/operator/clock",
    { summary: "The store's clock (operators: X-Admin-Key)", answers: { 200: StoreClockSchema }, errors: OPERATOR_ERRORS },
    async (req, res) => {
      requireOperatorKey(req, adminKey);
      res.set("Cache-Control", "no-store").json(shown(await clock.now()));
    },
  );
  api.put(
    "/operator/clock",
    {
      summary: "Move the store's clock ahead to noon (UTC) on a day; it never moves back, so a clock already past that day stays (operators: X-Admin-Key)",
      body: MoveStoreClockRequestSchema,
      answers: { 200: StoreClockSchema },
      errors: OPERATOR_ERRORS,
    },
    async (req, res, input) => {
      requireOperatorKey(req, adminKey);
      const { day } = input.body();
      res.set("Cache-Control", "no-store").json(shown(await clock.moveForwardTo(new Date(`${day}T12:00:00Z`))));
    },
  );
  api.delete(
    "/operator/clock",
    { summary: "Put the store's clock back to the system's time (operators: X-Admin-Key)", answers: { 200: StoreClockSchema }, errors: OPERATOR_ERRORS },
    async (req, res) => {
      requireOperatorKey(req, adminKey);
      res.set("Cache-Control", "no-store").json(shown(await clock.reset()));
    },
  );
  api.post(
    "/operator/auto-delivery/sweep",
    {
      summary: "Place the auto-delivery orders due by the store's clock and mail the reminders now, as the runner's next sweep would (operators: X-Admin-Key)",
      answers: { 200: AutoDeliverySweepSchema },
      errors: OPERATOR_ERRORS,
    },
    async (req, res) => {
      requireOperatorKey(req, adminKey);
      const placed = await orders.placeDue();
      const outcomes: Record<string, number> = {};
      for (const outcome of placed) outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      res.set("Cache-Control", "no-store").json({ outcomes, reminders: await orders.remind() });
    },
  );
  return api.router;
}

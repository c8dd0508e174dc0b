import { Router } from "express";
import { AgentSessionRequestSchema, type AgentSession, CustomerSearchQuerySchema } from "../contract/auth";
import { type AssistedService, customerNotFound } from "../domain/agents";
import { agentOf } from "./auth";
import { handle, parse } from "./handle";
import { siteOf } from "./site";

/**
 * Assisted service for customer-service agents (agent tokens of the brand only): find a customer,
 * then start and end acting for them. Starting and ending are written to the customer's audit log;
 * so is everything the agent does on users/{customerId}/… in between.
 */
export function agentsRouter(agents: AssistedService): Router {
  const router = Router({ mergeParams: true });

  router.get(
    "/assistedservicewebservices/customers/search",
    handle(async (req, res) => {
      agentOf(res);
      const { query } = parse(CustomerSearchQuerySchema, { query: req.query.query });
      res.set("Cache-Control", "private, no-store");
      res.json(await agents.search(siteOf(res).site, query));
    }),
  );

  router.post(
    "/assistedservicewebservices/sessions",
    handle(async (req, res) => {
      const agent = agentOf(res);
      const { customerId } = parse(AgentSessionRequestSchema, req.body);
      const site = siteOf(res);
      if (!(await agents.customerOfSite(site.site, customerId))) throw customerNotFound();
      await agents.record(site.site, { customerId, agent: { agentId: agent.sub, correlationId: site.correlationId } }, "session started");
      res.status(201).json({ agentId: agent.sub, customerId, status: "started" } satisfies AgentSession);
    }),
  );

  router.delete(
    "/assistedservicewebservices/sessions/:customerId",
    handle(async (req, res) => {
      const agent = agentOf(res);
      const customerId = String(req.params.customerId);
      const site = siteOf(res);
      if (!(await agents.customerOfSite(site.site, customerId))) throw customerNotFound();
      await agents.record(site.site, { customerId, agent: { agentId: agent.sub, correlationId: site.correlationId } }, "session ended");
      res.json({ agentId: agent.sub, customerId, status: "ended" } satisfies AgentSession);
    }),
  );

  return router;
}

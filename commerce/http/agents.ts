import type { Router } from "express";
import {
  AgentProfileSchema,
  AgentSessionRequestSchema,
  type AgentSession,
  AgentSessionSchema,
  AuditLogSchema,
  CustomerSearchQuerySchema,
  CustomerSearchResultSchema,
} from "../contract/auth";
import type { AssistedService } from "../domain/agents";
import { agentCall, agentOf } from "./auth";
import { apiRouter, CORRELATION_HEADER, UNAUTHORIZED } from "./operations";
import { siteOf } from "./site";

const AGENT_ERRORS = { 401: UNAUTHORIZED, 403: "Not a customer-service agent (ForbiddenError)", 404: "No such customer of the brand (UnknownIdentifierError)" };

/**
 * Assisted service for customer-service agents (agent tokens of the brand only): find a customer,
 * read what agents did for them (the read is logged; no session needed), then start and end acting
 * for them. Only between the two (and while the agent stays signed in)
 * does users/{customerId}/… answer the agent; starting, ending and everything the agent reads or
 * changes in between are written to the customer's audit log.
 */
export function agentsRouter(agents: AssistedService): Router {
  const api = apiRouter();

  api.get(
    "/assistedservicewebservices/customers/search",
    {
      summary: "Agents: up to 20 customers of the brand by name or email",
      auth: "required",
      query: CustomerSearchQuerySchema,
      answers: { 200: { description: "Customers", schema: CustomerSearchResultSchema } },
      errors: { 400: "Invalid input (ValidationError)", ...AGENT_ERRORS },
    },
    async (req, res, input) => {
      agentOf(res);
      const { query } = input.query();
      res.set("Cache-Control", "private, no-store");
      res.json(await agents.search(siteOf(res).site, query));
    },
  );

  api.get(
    "/assistedservicewebservices/agents/current",
    {
      summary: "Agents: the signed-in agent's own name, for the storefront to show",
      auth: "required",
      answers: { 200: { description: "The agent", schema: AgentProfileSchema } },
      errors: AGENT_ERRORS,
    },
    async (_req, res) => {
      const agent = agentOf(res);
      res.set("Cache-Control", "private, no-store");
      res.json(await agents.agentProfile(agent.sub));
    },
  );

  api.get(
    "/assistedservicewebservices/customers/:customerId/auditlog",
    {
      summary:
        'Agents: what agents read and did for a customer of the brand, newest first, without a session (none is opened); the read is written to the log as "viewed the log". Products are named in `lang`',
      auth: "required",
      headers: CORRELATION_HEADER,
      answers: { 200: { description: "The customer and their log", schema: AuditLogSchema } },
      errors: AGENT_ERRORS,
    },
    async (req, res) => {
      const agent = agentOf(res);
      const site = siteOf(res);
      const log = await agents.deskLog(site.site, site.lang, String(req.params.customerId), agentCall(res, agent));
      res.set("Cache-Control", "private, no-store");
      res.json(log);
    },
  );

  api.post(
    "/assistedservicewebservices/sessions",
    {
      summary: "Agents: start acting for a customer; until the session ends, users/{customerId}/… answers this agent (written to the audit log)",
      auth: "required",
      headers: CORRELATION_HEADER,
      body: AgentSessionRequestSchema,
      answers: { 201: { description: "Started", schema: AgentSessionSchema } },
      errors: { 400: "Invalid input (ValidationError)", ...AGENT_ERRORS },
    },
    async (_req, res, input) => {
      const agent = agentOf(res);
      const { customerId } = input.body();
      await agents.startSession(siteOf(res).site, customerId, agentCall(res, agent));
      res.status(201).json({ agentId: agent.sub, customerId, status: "started" } satisfies AgentSession);
    },
  );

  api.delete(
    "/assistedservicewebservices/sessions/:customerId",
    {
      summary: "Agents: stop acting for a customer; users/{customerId}/… answers this agent 403 again at once (written to the audit log)",
      auth: "required",
      headers: CORRELATION_HEADER,
      answers: { 200: { description: "Ended", schema: AgentSessionSchema } },
      errors: AGENT_ERRORS,
    },
    async (req, res) => {
      const agent = agentOf(res);
      const customerId = String(req.params.customerId);
      await agents.endSession(siteOf(res).site, customerId, agentCall(res, agent));
      res.json({ agentId: agent.sub, customerId, status: "ended" } satisfies AgentSession);
    },
  );

  return api.router;
}

import type { Router } from "express";
import { z } from "zod";
import {
  CmsComponentListSchema,
  CmsPageSchema,
  EmailConfirmationResultSchema,
  EmailConfirmationSchema,
  NewsletterSignupResultSchema,
  NewsletterSignupSchema,
  SiteConfigSchema,
} from "../contract/cms";
import { ApiErrorBodySchema } from "../contract/common";
import { MediaSetSchema, ProductListSchema, ProductSchema, StockAlertRequestSchema, StockAlertResultSchema, StockUpdateSchema } from "../contract/product";
import { CategoryPageSchema, SearchPageSchema, SearchRequestSchema, SuggestionsSchema } from "../contract/search";

const json = (schema: z.ZodType) => ({ "application/json": { schema: z.toJSONSchema(schema, { unrepresentable: "any", io: "output" }) } });
const errors = { description: "Error", content: json(ApiErrorBodySchema) };
const retryAfter = { description: "Seconds to wait before trying again", schema: { type: "integer" } };
const brandParam = { name: "brand", in: "path", required: true, schema: { type: "string", enum: ["usb2c", "cab2c", "usafh"] } };
const locale = [
  { name: "lang", in: "query", schema: { type: "string", enum: ["en", "fr"] } },
  { name: "curr", in: "query", schema: { type: "string", enum: ["USD", "CAD"] } },
];

/** One operation the site router answers: a method and an express path such as /c/:code. */
export interface RegisteredRoute {
  method: string;
  path: string;
}

interface StackLayer {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: StackLayer[] };
}

/**
 * Every route registered on a router and on the routers it uses without a mount path (how the
 * site router is composed), read from express's own route table so none can be left out.
 */
export function registeredRoutes(router: Router): RegisteredRoute[] {
  const found: RegisteredRoute[] = [];
  const walk = (stack: StackLayer[]) => {
    for (const layer of stack) {
      if (layer.route && typeof layer.route.path === "string") {
        for (const [method, on] of Object.entries(layer.route.methods)) if (on && method !== "_all") found.push({ method, path: layer.route.path });
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((router as unknown as { stack: StackLayer[] }).stack);
  return found;
}

/** /c/:code → /{brand}/c/{code}, the document's form. */
export const openApiPath = (expressPath: string) => `/{brand}${expressPath.replace(/:([A-Za-z]+)/g, "{$1}")}`;

const query = (schema: z.ZodObject) =>
  Object.entries(z.toJSONSchema(schema, { unrepresentable: "any", io: "input" }).properties ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    schema: property,
  }));

/**
 * Operations described in more detail than the generated default: their query, body and answer
 * schemas come from the contract. Every other registered route is still listed, with its path
 * parameters and the OCC error answers.
 */
const DETAILED: Record<string, Record<string, unknown>> = {
  "get /{brand}/products/search": {
    summary: "Product search: query=freeText:sort:facetKey:facetValue:…",
    parameters: [brandParam, ...locale, ...query(SearchRequestSchema)],
    responses: { 200: { description: "Search page", content: json(SearchPageSchema) }, 400: errors },
  },
  "get /{brand}/c/{code}/categoryData": {
    summary: "A category's listing with facets, sorts and paging",
    parameters: [brandParam, ...locale, { name: "code", in: "path", required: true, schema: { type: "string" } }, ...query(SearchRequestSchema)],
    responses: { 200: { description: "Category page", content: json(CategoryPageSchema) }, 400: errors, 404: errors },
  },
  "get /{brand}/products/searchsuggestions": {
    summary: "Search suggestions for a term",
    parameters: [brandParam, ...locale, { name: "term", in: "query", required: true, schema: { type: "string" } }],
    responses: { 200: { description: "Suggestions", content: json(SuggestionsSchema) }, 400: errors },
  },
  "post /{brand}/alert/alertMe": {
    summary: "Email the shopper when an out-of-stock product is back, once they confirm through the link mailed to them",
    parameters: [brandParam, ...locale],
    requestBody: { required: true, content: json(StockAlertRequestSchema) },
    responses: {
      202: { description: "Confirmation mailed; the same answer whether or not the address was already waiting", content: json(StockAlertResultSchema) },
      400: errors,
      404: errors,
    },
  },
  "post /{brand}/alert/confirm": {
    summary: "Confirm a notify-me alert with the token from its confirmation mail",
    parameters: [brandParam],
    requestBody: { required: true, content: json(EmailConfirmationSchema) },
    responses: { 200: { description: "Confirmed", content: json(EmailConfirmationResultSchema) }, 400: errors, 410: errors },
  },
  "post /{brand}/newsletter/confirm": {
    summary: "Confirm a newsletter sign-up with the token from its confirmation mail; the welcome mail follows",
    parameters: [brandParam],
    requestBody: { required: true, content: json(EmailConfirmationSchema) },
    responses: { 200: { description: "Confirmed", content: json(EmailConfirmationResultSchema) }, 400: errors, 410: errors },
  },
  "put /{brand}/stock/{code}": {
    summary: "Set a variant's stock level (operators: X-Admin-Key)",
    parameters: [brandParam, { name: "code", in: "path", required: true, schema: { type: "string" } }],
    requestBody: { required: true, content: json(StockUpdateSchema) },
    responses: {
      200: { description: "Updated" },
      400: errors,
      401: errors,
      // Also the answer everywhere but the operators' side (OPERATOR_PORT, else loopback).
      404: errors,
      429: { description: "Too many wrong keys from this address (TooManyRequestsError)", headers: { "Retry-After": retryAfter }, content: errors.content },
      503: {
        description: "The database was busy; nothing changed, send it again (ServiceUnavailableError)",
        headers: { "Retry-After": retryAfter },
        content: errors.content,
      },
    },
  },
  "get /{brand}/products/{code}/media": {
    summary: "A product's media set: JSON, or JavaScript calling `callback` with it (JSONP)",
    parameters: [
      brandParam,
      ...locale,
      { name: "code", in: "path", required: true, schema: { type: "string" } },
      { name: "callback", in: "query", schema: { type: "string", pattern: "^[A-Za-z_$][A-Za-z0-9_$]{0,63}$" } },
    ],
    responses: {
      200: {
        description: "Media set; text/javascript (with X-Content-Type-Options: nosniff) when a callback is named",
        content: { ...json(MediaSetSchema), "text/javascript": { schema: { type: "string" } } },
      },
      400: { description: "The callback is not a plain identifier (ValidationError)", content: errors.content },
      404: errors,
    },
  },
};

function defaultOperation(method: string, path: string) {
  const params = [...path.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1]!).filter((name) => name !== "brand");
  return {
    summary: `${method.toUpperCase()} ${path}`,
    parameters: [brandParam, ...locale, ...params.map((name) => ({ name, in: "path", required: true, schema: { type: "string" } }))],
    responses: { 200: { description: "OK" }, 400: errors, 404: errors },
  };
}

/**
 * The published contract: every route the site router registers (so a new route cannot be
 * forgotten), with the contract's zod schemas where the operation is described in detail.
 */
export function openApiDocument(routes: readonly RegisteredRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { method, path } of routes) {
    const documented = openApiPath(path);
    paths[documented] ??= {};
    paths[documented][method] = DETAILED[`${method} ${documented}`] ?? defaultOperation(method, documented);
  }
  for (const [documented, operations] of Object.entries(CURATED)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (paths[documented]?.[method]) paths[documented][method] = operation;
    }
  }
  return {
    openapi: "3.1.0",
    info: { title: "Brewfront commerce API", version: "2" },
    servers: [{ url: "/rest/v2" }],
    paths,
  };
}

/** The first operations written by hand, kept for their summaries and schemas. */
const CURATED: Record<string, Record<string, unknown>> = {
  "/{brand}/products/{code}": {
    get: {
      summary: "One product (base or variant) with its variant options and price blocks",
      parameters: [
        brandParam,
        ...locale,
        { name: "code", in: "path", required: true, schema: { type: "string" } },
        { name: "fields", in: "query", schema: { type: "string", enum: ["BASIC", "DEFAULT", "FULL"] } },
      ],
      responses: { 200: { description: "Product", content: json(ProductSchema) }, 404: errors, 400: errors },
    },
  },
  "/{brand}/products/productDetails": {
    get: {
      summary: "Products by codes, at most productsSize (site config productDetails.defaultSize)",
      parameters: [brandParam, ...locale, { name: "productCodes", in: "query", required: true, schema: { type: "string" } }],
      responses: { 200: { description: "Products", content: json(ProductListSchema) }, 400: errors },
    },
  },
  "/{brand}/cms/pages": {
    get: {
      summary: "A CMS page with its slots and components",
      parameters: [brandParam, ...locale, { name: "pageLabelOrId", in: "query", required: true, schema: { type: "string" } }],
      responses: { 200: { description: "Page", content: json(CmsPageSchema) }, 404: errors },
    },
  },
  "/{brand}/cms/components": {
    get: {
      summary: "CMS components by id",
      parameters: [brandParam, ...locale, { name: "componentIds", in: "query", required: true, schema: { type: "string" } }],
      responses: { 200: { description: "Components", content: json(CmsComponentListSchema) }, 400: errors },
    },
  },
  "/{brand}/cms/siteConfig": {
    get: {
      summary: "Site configuration entries",
      parameters: [brandParam, ...locale],
      responses: { 200: { description: "Config", content: json(SiteConfigSchema) } },
    },
  },
  "/{brand}/kpcEmailSignup": {
    post: {
      summary: "Newsletter sign-up",
      parameters: [brandParam, ...locale],
      requestBody: { required: true, content: json(NewsletterSignupSchema) },
      responses: {
        202: { description: "Confirmation mailed; the same answer for new, pending and confirmed addresses", content: json(NewsletterSignupResultSchema) },
        400: errors,
      },
    },
  },
};

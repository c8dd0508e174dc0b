import type { Router } from "express";
import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponseObject } from "zod-openapi";
import { CartGuidSchema } from "../contract/cart";
import { ApiErrorBodySchema, BrandIdSchema, LocaleQuerySchema, NoInputSchema } from "../contract/common";
import { type Answer, describedRoutes, type Operation } from "./operations";

/** A router as the commerce service mounts it: its express mount path and the server its paths are relative to. */
export interface Mount {
  path: string;
  router: Router;
  server: "/rest/v2" | "/";
}

/** Path parameters shared by many operations, described once. */
const SHARED_PATH_PARAMS: Record<string, z.ZodType> = {
  brand: BrandIdSchema,
  user: z.string().meta({
    description:
      "`current` (the signed-in customer), a customer id (customer-service agents of the brand) or, on cart calls, `anonymous` (a guest's cart, known by its guid); any other id answers 404",
  }),
  cartGuid: CartGuidSchema,
};

const RETRY_AFTER = z.object({ "Retry-After": z.number().int().meta({ description: "Seconds to wait before trying again" }) });

/** /c/:code → /c/{code}, the document's form of an express path. */
const openApiPath = (expressPath: string) => expressPath.replace(/:([A-Za-z]+)/g, "{$1}");

/** Where an operation is in the document: its mount and route paths, relative to the mount's server. */
export function documentedPath(mount: Mount, route: { path: string | RegExp; operation?: Operation }): string {
  const base = mount.server === "/" ? mount.path : mount.path.slice(mount.server.length);
  const path = route.operation?.documentedPath ?? (typeof route.path === "string" ? route.path : String(route.path));
  return openApiPath(`${base === "/" ? "" : base}${path}`);
}

function answerObject(answer: Answer): ZodOpenApiResponseObject {
  if (answer instanceof z.ZodType) return { description: "OK", content: { "application/json": { schema: answer } } };
  const content = { ...(answer.schema ? { "application/json": answer.schema } : {}), ...answer.content };
  const types = Object.entries(content).map(([type, schema]) => [type, { schema }]);
  return { description: answer.description, ...(types.length ? { content: Object.fromEntries(types) } : {}) };
}

function operationObject(mount: Mount, path: string, operation: Operation): ZodOpenApiOperationObject {
  const { body } = operation;
  const pathNames = [...path.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1]!);
  const params = z.object(Object.fromEntries(pathNames.map((name) => [name, operation.params?.shape[name] ?? SHARED_PATH_PARAMS[name] ?? z.string()])));
  const query = mount.server === "/rest/v2" ? (operation.query ? LocaleQuerySchema.extend(operation.query.shape) : LocaleQuerySchema) : operation.query;
  const errors = Object.entries(operation.errors ?? {}).map(([status, description]) => [
    status,
    {
      description,
      ...(status === "429" || status === "503" ? { headers: RETRY_AFTER } : {}),
      content: { "application/json": { schema: operation.errorBody ?? ApiErrorBodySchema } },
    },
  ]);
  return {
    summary: operation.summary,
    ...(operation.auth ? { security: operation.auth === "required" ? [{ bearerAuth: [] }] : [{}, { bearerAuth: [] }] } : {}),
    requestParams: { path: params, ...(query ? { query } : {}), ...(operation.headers ? { header: operation.headers } : {}) },
    ...(body && {
      requestBody: {
        required: body !== NoInputSchema,
        content: { [operation.formEncoded ? "application/x-www-form-urlencoded" : "application/json"]: { schema: body } },
      },
    }),
    responses: {
      ...Object.fromEntries(Object.entries(operation.answers).map(([status, answer]) => [status, answerObject(answer)])),
      ...Object.fromEntries(errors),
    },
  };
}

/**
 * The published contract: every route the mounted routers register, each described by the
 * operation declared beside it. A route registered without one stops the document from being made.
 */
export function openApiDocument(mounts: readonly Mount[]) {
  const paths: ZodOpenApiPathsObject = {};
  for (const mount of mounts) {
    for (const route of describedRoutes(mount.router)) {
      const path = documentedPath(mount, route);
      if (!route.operation) throw new Error(`${route.method.toUpperCase()} ${path} is registered without an operation to describe it.`);
      paths[path] ??= mount.server === "/" ? { servers: [{ url: "/" }] } : {};
      paths[path][route.method] = operationObject(mount, path, route.operation);
    }
  }
  return createDocument({
    openapi: "3.1.0",
    info: { title: "Brewfront commerce API", version: "2" },
    servers: [{ url: "/rest/v2" }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "An access token from /authorizationserver/oauth/token" },
      },
    },
  });
}

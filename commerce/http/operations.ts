import { type Request, type Response, Router } from "express";
import { z } from "zod";
import { handle } from "./handle";

export type Method = "get" | "post" | "put" | "patch" | "delete";

/** Refusals many operations share. */
export const UNAUTHORIZED = "No valid access token (InvalidTokenError, UnauthorizedError)";
export const BUSY = "The store is busy; nothing changed, send it again (ServiceUnavailableError)";
export const NO_SUCH_USER = "No such user for this caller (UnknownIdentifierError)";
export const TOO_MANY_REQUESTS = "Too many requests from this address (TooManyRequestsError)";

export const CORRELATION_HEADER = z.object({ correlationID: z.string().optional().meta({ description: "Written to the audit log when an agent acts" }) });

/** A success answer: its schema (described "OK"), or a description with its schema or its content by type. */
export type Answer = z.ZodType | { description: string; schema?: z.ZodType; content?: Record<string, z.ZodType> };

/**
 * An API operation as the OpenAPI document (openapi.ts) describes it, declared where its route is
 * registered. The handler reads its query and body through the same schemas, so the route and its
 * description cannot drift apart.
 */
export interface Operation<Q extends z.ZodObject = z.ZodObject, B extends z.ZodType = z.ZodType> {
  summary: string;
  /** Path parameters other than the shared ones (openapi.ts) or plain strings. */
  params?: z.ZodObject;
  query?: Q;
  headers?: z.ZodObject;
  /** The body, as JSON unless `formEncoded` (the token endpoint). */
  body?: B;
  formEncoded?: boolean;
  /** `required`: a bearer token; `optional`: the operation answers guests too. */
  auth?: "required" | "optional";
  answers: Partial<Record<200 | 201 | 202 | 204, Answer>>;
  /** The refusals by status, as the caller should read them; 429 and 503 come with Retry-After. */
  errors?: Partial<Record<number, string>>;
  /** The refusals' body when it is not the OCC error body (the OAuth and question services). */
  errorBody?: z.ZodType;
  /** The path the document names, where the route matches a pattern instead. */
  documentedPath?: string;
}

export interface OperationInput<Q extends z.ZodObject, B extends z.ZodType> {
  /** The query (or `raw`, the fields the handler picked), parsed with the operation's schema; a ValidationError answers 400. */
  query(raw?: unknown): z.output<Q>;
  /** The body (or `raw`, where the fields may also come in the query), parsed with the operation's schema. */
  body(raw?: unknown): z.output<B>;
}

type Handler<Q extends z.ZodObject, B extends z.ZodType> = (req: Request, res: Response, input: OperationInput<Q, B>) => Promise<void> | void;

type Register = <Q extends z.ZodObject = z.ZodObject, B extends z.ZodType = z.ZodType>(
  path: string | RegExp,
  operation: Operation<Q, B>,
  handler: Handler<Q, B>,
) => void;

/** An express router whose routes are registered with the operations they answer. */
export interface ApiRouter extends Record<Method, Register> {
  router: Router;
}

export function apiRouter(router: Router = Router({ mergeParams: true })): ApiRouter {
  const register =
    (method: Method): Register =>
    (path, operation, handler) => {
      const run = handle(async (req, res) => {
        await handler(req, res, {
          query: (raw = req.query) => operation.query!.parse(raw),
          body: (raw = req.body) => operation.body!.parse(raw),
        });
      });
      router[method](path, Object.assign(run, { operation }));
    };
  return { router, get: register("get"), post: register("post"), put: register("put"), patch: register("patch"), delete: register("delete") };
}

/** One route of a router (or of the routers it uses without a mount path), with its operation when it has one. */
export interface DescribedRoute {
  method: Method;
  path: string | RegExp;
  operation: Operation | undefined;
}

interface StackLayer {
  route?: { path: string | RegExp; methods: Record<string, boolean>; stack: { handle: { operation?: Operation } }[] };
  handle?: { stack?: StackLayer[] };
}

/** Every route registered on the router, read from express's own route table so none can be left out. */
export function describedRoutes(router: Router): DescribedRoute[] {
  const walk = (stack: StackLayer[]): DescribedRoute[] =>
    stack.flatMap((layer) => {
      if (!layer.route) return layer.handle?.stack ? walk(layer.handle.stack) : [];
      const operation = layer.route.stack.find((l) => l.handle.operation)?.handle.operation;
      return Object.keys(layer.route.methods)
        .filter((method) => method !== "_all")
        .map((method) => ({ method: method as Method, path: layer.route!.path, operation }));
    });
  return walk((router as unknown as { stack: StackLayer[] }).stack);
}

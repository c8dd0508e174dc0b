import { z } from "zod";
import { ApiErrorBodySchema } from "../contract/common";
import {
  LookupQuerySchema,
  QuestionAuthResponseSchema,
  QuestionItemsSchema,
  QuestionNextRequestSchema,
  QuestionStartRequestSchema,
  QuestionStartResponseSchema,
  QuizLookupResponseSchema,
  SavedUserQuizDataSchema,
  UserQuizDataSchema,
} from "../contract/quiz";

const json = (schema: z.ZodType) => ({ "application/json": { schema: z.toJSONSchema(schema, { unrepresentable: "any", io: "output" }) } });
const errors = { description: "Error", content: json(ApiErrorBodySchema) };
const brandParam = { name: "brand", in: "path", required: true, schema: { type: "string", enum: ["usb2c", "cab2c", "usafh"] } };
const userParam = { name: "user", in: "path", required: true, schema: { type: "string" }, description: "current, or the customer an agent acts for" };
const baseUrlHeader = {
  name: "X-Base-Url",
  in: "header",
  required: true,
  schema: { type: "string" },
  description: "The base URL the client calls the service by",
};
const bearer = [{ bearerAuth: [] }];

const submitQuiz = {
  summary: "Save the customer's beverage-quiz answers (quizResponse) and the taste profile the lookup gave; a retake replaces them",
  security: bearer,
  parameters: [brandParam, userParam],
  requestBody: { required: true, content: json(UserQuizDataSchema) },
  responses: { 200: { description: "Saved", content: json(SavedUserQuizDataSchema) }, 400: errors, 401: errors, 404: errors },
};
const fetchQuizResponse = {
  summary: "The customer's saved beverage-quiz answers; 404 while there are none",
  security: bearer,
  parameters: [brandParam, userParam],
  responses: { 200: { description: "Saved answers", content: json(SavedUserQuizDataSchema) }, 401: errors, 404: errors },
};

/** The saved quiz answers, under /rest/v2/{brand} like the rest of the API. */
export const QUIZ_ANSWER_OPERATIONS: Record<string, Record<string, unknown>> = {
  "post /{brand}/users/{user}/beverage-quiz/submitQuiz": submitQuiz,
  "get /{brand}/users/{user}/beverage-quiz/fetchQuizResponse": fetchQuizResponse,
  "post /{brand}/beverage-quiz/submitQuiz": { ...submitQuiz, parameters: [brandParam], summary: `${submitQuiz.summary} (the signed-in customer)` },
  "get /{brand}/beverage-quiz/fetchQuizResponse": {
    ...fetchQuizResponse,
    parameters: [brandParam],
    summary: `${fetchQuizResponse.summary} (the signed-in customer)`,
  },
};

/** The lookup and question services are services of their own: they name their own server. */
export const QUIZ_SERVICE_OPERATIONS: Record<string, Record<string, unknown>> = {
  "/rest/sensory/v1/lookup": {
    servers: [{ url: "/" }],
    get: {
      summary: "Recommendation lookup: the beverages that fit the answers with this lookupHash, best first (Canadian ids with -CA), and their taste profile",
      parameters: [
        ...Object.keys(LookupQuerySchema.shape).map((name) => ({ name, in: "query", required: true, schema: { type: "string" } })),
        { name: "X-Api-Key", in: "header", required: true, schema: { type: "string" } },
        { name: "X-Context-Token", in: "header", required: false, schema: { type: "string" }, description: "The shopper's context token" },
      ],
      responses: { 200: { description: "Advice", content: json(QuizLookupResponseSchema) }, 400: errors, 401: errors, 404: errors },
    },
  },
  "/rest/question-service/auth": {
    servers: [{ url: "/" }],
    post: {
      summary: "Question service sign-in: client_id and client_secret in the query, the base URL in X-Base-Url; a bearer token good for that base URL",
      parameters: [
        { name: "client_id", in: "query", required: true, schema: { type: "string" } },
        { name: "client_secret", in: "query", required: true, schema: { type: "string" } },
        baseUrlHeader,
      ],
      responses: { 200: { description: "Token", content: json(QuestionAuthResponseSchema) }, 400: errors, 401: { description: "invalid_client" } },
    },
  },
  "/rest/question-service/api/start": {
    servers: [{ url: "/" }],
    post: {
      summary: "Start a quiz from seedData (quiz, site, lang): the first question and the investigateUrl to ask the next ones at",
      security: bearer,
      parameters: [baseUrlHeader],
      requestBody: { required: true, content: json(QuestionStartRequestSchema) },
      responses: { 200: { description: "First question", content: json(QuestionStartResponseSchema) }, 400: errors, 401: errors, 404: errors },
    },
  },
  "/rest/question-service/api/oracle/investigate/{quiz}/{site}/{lang}": {
    servers: [{ url: "/" }],
    post: {
      summary: "Every answer so far, in order: the next question (screen and input items), or the products (label items) and an end item",
      security: bearer,
      parameters: [baseUrlHeader, ...["quiz", "site", "lang"].map((name) => ({ name, in: "path", required: true, schema: { type: "string" } }))],
      requestBody: { required: true, content: json(QuestionNextRequestSchema) },
      responses: { 200: { description: "What follows", content: json(QuestionItemsSchema) }, 400: errors, 401: errors, 404: errors },
    },
  },
};

import { z } from "zod";
import { CmsComponentListSchema, CmsPageSchema, NewsletterSignupResultSchema, NewsletterSignupSchema, SiteConfigSchema } from "../contract/cms";
import { ApiErrorBodySchema } from "../contract/common";
import { ProductListSchema, ProductSchema } from "../contract/product";

const json = (schema: z.ZodType) => ({ "application/json": { schema: z.toJSONSchema(schema, { unrepresentable: "any", io: "output" }) } });
const errors = { description: "Error", content: json(ApiErrorBodySchema) };
const brandParam = { name: "brand", in: "path", required: true, schema: { type: "string", enum: ["usb2c", "cab2c", "usafh"] } };
const locale = [
  { name: "lang", in: "query", schema: { type: "string", enum: ["en", "fr"] } },
  { name: "curr", in: "query", schema: { type: "string", enum: ["USD", "CAD"] } },
];

/** The published contract, generated from the same zod schemas both sides validate with. */
export function openApiDocument() {
  return {
    openapi: "3.1.0",
    info: { title: "Brewfront commerce API", version: "2" },
    servers: [{ url: "/rest/v2" }],
    paths: {
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
            201: { description: "Subscribed", content: json(NewsletterSignupResultSchema) },
            200: { description: "Already subscribed", content: json(NewsletterSignupResultSchema) },
            400: errors,
          },
        },
      },
    },
  };
}

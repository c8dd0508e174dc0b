import { z } from "zod";

export const LinkSchema = z.object({ name: z.string(), url: z.string() });
export type Link = z.infer<typeof LinkSchema>;

/** Components the storefront knows how to draw; `typeCode` says which. */
export const CmsComponentSchema = z.discriminatedUnion("typeCode", [
  z.object({
    uid: z.string(),
    typeCode: z.literal("NavigationBar"),
    entries: z.array(LinkSchema.extend({ children: z.array(LinkSchema).default([]) })),
  }),
  z.object({
    uid: z.string(),
    typeCode: z.literal("GlobalBannerSection"),
    text: z.string(),
    link: LinkSchema.optional(),
  }),
  z.object({
    uid: z.string(),
    typeCode: z.literal("GlobalNotificationSection"),
    messageItems: z.array(z.object({ text: z.string(), severity: z.enum(["info", "warning"]) })),
  }),
  z.object({
    uid: z.string(),
    typeCode: z.literal("Footer"),
    columns: z.array(z.object({ title: z.string(), links: z.array(LinkSchema) })),
    newsletter: z.object({ heading: z.string(), text: z.string() }),
    legal: z.string(),
  }),
  z.object({
    uid: z.string(),
    typeCode: z.literal("podQuizSection"),
    heading: z.string(),
    text: z.string(),
    link: LinkSchema,
  }),
  z.object({
    uid: z.string(),
    typeCode: z.literal("CMSParagraphComponent"),
    /** Editor-supplied HTML: stored as written, sanitised before it reaches any page. */
    content: z.string(),
  }),
  z.object({
    uid: z.string(),
    typeCode: z.literal("ProductCarouselComponent"),
    title: z.string(),
    productCodes: z.array(z.string()),
  }),
  z.object({
    uid: z.string(),
    typeCode: z.literal("HeroBannerComponent"),
    headline: z.string(),
    text: z.string(),
    link: LinkSchema,
    imageUrl: z.string(),
    altText: z.string(),
  }),
  /** A campaign's teaser in the home page's campaign slot: a heading, a line, and the way to its landing page. */
  z.object({
    uid: z.string(),
    typeCode: z.literal("CampaignBannerComponent"),
    headline: z.string(),
    text: z.string(),
    link: LinkSchema,
  }),
]);
export type CmsComponent = z.infer<typeof CmsComponentSchema>;
export type CmsComponentOf<T extends CmsComponent["typeCode"]> = Extract<CmsComponent, { typeCode: T }>;

export const CmsSlotSchema = z.object({
  slotId: z.string(),
  position: z.string(),
  components: z.array(CmsComponentSchema),
});

export const CmsPageSchema = z.object({
  uid: z.string(),
  label: z.string(),
  template: z.string(),
  title: z.string(),
  description: z.string(),
  slots: z.array(CmsSlotSchema),
});
export type CmsPage = z.infer<typeof CmsPageSchema>;

export const CmsPageQuerySchema = z.object({
  pageLabelOrId: z.string().min(1).max(120),
  pageType: z.enum(["ContentPage", "ProductPage", "CategoryPage", "CatalogPage"]).default("ContentPage"),
  fields: z.enum(["BASIC", "DEFAULT", "FULL"]).default("DEFAULT"),
  code: z.string().max(64).optional(),
  cmsTicketId: z.string().max(120).optional(),
});

export const CmsComponentsQuerySchema = z.object({
  componentIds: z
    .string()
    .min(1)
    .transform((s) =>
      s
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(80)).min(1).max(50)),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

export const CmsComponentListSchema = z.object({ components: z.array(CmsComponentSchema) });

/** Site configuration: keyed string entries. */
export const SiteConfigSchema = z.object({
  siteConfigurations: z.array(z.object({ key: z.string(), value: z.string() })),
  messageItems: z.array(z.object({ text: z.string(), severity: z.enum(["info", "warning"]) })),
});
export type SiteConfig = z.infer<typeof SiteConfigSchema>;

export const NewsletterSignupSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ message: "Enter a valid email address." })),
});
/** Always "pending": the answer never tells whether the address was already on the list. */
export const NewsletterSignupResultSchema = z.object({
  status: z.literal("pending"),
  email: z.string(),
});
export type NewsletterSignupResult = z.infer<typeof NewsletterSignupResultSchema>;

/** The token a confirmation link carries (newsletter sign-ups and notify-me alerts). */
export const EmailConfirmationSchema = z.object({ token: z.string().min(1).max(200) });
export const EmailConfirmationResultSchema = z.object({ status: z.literal("confirmed") });

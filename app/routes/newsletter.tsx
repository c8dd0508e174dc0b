import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useActionData, useRouteLoaderData } from "@remix-run/react";
import { z } from "zod";
import { NewsletterSignupSchema } from "../../commerce/contract/cms";
import { messages } from "../brands/messages";
import { NewsletterForm, type NewsletterActionData, type NewsletterOutcome } from "../components/NewsletterForm";
import { ApiError, clientContext } from "../lib/api-client.server";
import { safeReturnPath } from "../lib/paths";
import { signUpForNewsletter } from "../models/newsletter.server";
import type { loader as rootLoader } from "../root";

const FormSchema = z.object({
  returnTo: z.string().optional(),
  inline: z.literal("1").optional(),
});

function withOutcome(path: string, outcome: NewsletterOutcome): string {
  const url = new URL(path, "http://x");
  url.searchParams.set("newsletter", outcome);
  return `${url.pathname}${url.search}#newsletter-heading`;
}

/**
 * Footer newsletter sign-up. Without JavaScript: redirect back to the page with ?newsletter=…, or,
 * when the address is not valid, this page with the error and the typed address kept (400).
 * With JavaScript (inline=1): the outcome as data, shown in place.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = Object.fromEntries(await request.formData());
  const meta = FormSchema.safeParse(form);
  const inline = meta.success && meta.data.inline === "1";
  const returnTo = safeReturnPath(meta.success ? meta.data.returnTo : undefined);
  const parsed = NewsletterSignupSchema.safeParse(form);
  if (!parsed.success) {
    const t = messages(context.lang);
    return data<NewsletterActionData>({ error: context.lang === "fr" ? "Entrez une adresse courriel valide." : parsed.error.issues[0]?.message ?? t.newsletterFailed, email: String(form.email ?? "").slice(0, 254) }, { status: 400 });
  }
  let outcome: NewsletterOutcome;
  try {
    outcome = (await signUpForNewsletter(clientContext(context), parsed.data.email)).status;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    outcome = "failed";
  }
  if (inline) return data<NewsletterActionData>({ outcome, email: outcome === "failed" ? parsed.data.email : undefined }, { status: outcome === "failed" ? 503 : 200 });
  return redirect(withOutcome(returnTo, outcome), 303);
}

export function loader(_args: LoaderFunctionArgs) {
  return null;
}

export const meta: MetaFunction = ({ matches }) => {
  const root = matches.find((m) => m.id === "root")?.data as { lang?: "en" | "fr" } | undefined;
  return [{ title: messages(root?.lang ?? "en").newsletterPageTitle }, { name: "robots", content: "noindex" }];
};

export default function NewsletterPage() {
  const actionData = useActionData<typeof action>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const lang = root?.lang ?? "en";
  return (
    <div className="narrow-page">
      <h1>{messages(lang).newsletterPageTitle}</h1>
      <NewsletterForm lang={lang} initial={actionData ?? undefined} id="newsletter-page" />
    </div>
  );
}

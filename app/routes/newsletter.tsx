import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useRouteLoaderData } from "@remix-run/react";
import { NewsletterSignupSchema } from "../lib/schemas.server";
import { messages } from "../brands/messages";
import { NewsletterForm } from "../components/NewsletterForm";
import { clientContext } from "../lib/api-client.server";
import { handleEmailForm } from "../lib/email-form.server";
import { signUpForNewsletter } from "../models/newsletter.server";
import type { loader as rootLoader } from "../root";

/** Footer newsletter sign-up (spec §7 kpcEmailSignup). */
export function action({ request, context }: ActionFunctionArgs) {
  return handleEmailForm({
    request,
    schema: NewsletterSignupSchema,
    param: "newsletter",
    anchor: "newsletter-heading",
    invalidMessage: messages(context.lang).invalidEmail,
    submit: async ({ email }) => (await signUpForNewsletter(clientContext(context), email)).status,
  });
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

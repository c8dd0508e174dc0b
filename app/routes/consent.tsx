import { type ActionFunctionArgs, redirect } from "react-router";
import { z } from "zod";
import { CookieJar, DAY_MS } from "../lib/cookies.server";
import { readFormFields } from "../lib/form-body.server";
import { formRefusedLocation, isNavigation } from "../lib/form-refusal.server";
import { shopTexts } from "../lib/page-texts.server";
import { safeReturnPath } from "../lib/paths";

const ConsentForm = z.object({
  choice: z.enum(["all", "functional", "necessary"]),
  returnTo: z.string().optional(),
});

const CHOICES = {
  all: "c1:1|c2:1|c9:1",
  functional: "c1:0|c2:0|c9:1",
  necessary: "c1:0|c2:0|c9:0",
} as const;

/** The cookie banner's answer: records the choice in userConsent and removes what it denies. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readFormFields(request);
  const parsed = ConsentForm.safeParse(form);
  if (!parsed.success) {
    if (!isNavigation(request.headers)) return new Response(shopTexts(context.lang, context.brand.id).consentChooseOption, { status: 400 });
    const back = safeReturnPath(form.returnTo);
    return redirect(formRefusedLocation("consent", { path: back, referer: new URL(back, request.url).href, host: new URL(request.url).host }), 303);
  }
  const value = CHOICES[parsed.data.choice];
  const jar = new CookieJar(`userConsent=${value}; ${request.headers.get("cookie") ?? ""}`, context.privacyCookiesEnabled);
  jar.set("userConsent", value, { maxAgeMs: 365 * DAY_MS });
  jar.enforceConsent();
  return redirect(safeReturnPath(parsed.data.returnTo), { status: 303, headers: jar.appendTo(new Headers()) });
}

export function loader() {
  return redirect("/");
}

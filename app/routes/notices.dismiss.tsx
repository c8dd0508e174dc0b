import { type ActionFunctionArgs, data, redirect } from "react-router";
import { z } from "zod";
import { NoticeKeySchema } from "../../commerce/contract/site-notices";
import { ApiError, clientContext } from "../lib/api-client.server";
import { readFormFields } from "../lib/form-body.server";
import { formRefusedLocation, isNavigation } from "../lib/form-refusal.server";
import { safeReturnPath } from "../lib/paths";
import { dismissSiteNotification } from "../models/customer-details.server";

const DismissForm = z.object({ key: NoticeKeySchema, returnTo: z.string().max(500).optional() });

/**
 * Dismisses one of the signed-in customer's notices (decision 075) and comes back to the page it
 * was dismissed on; a script's post is answered in place. A notice that is no longer current (the
 * card was replaced meanwhile) is simply gone.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readFormFields(request);
  const navigation = isNavigation(request.headers);
  const back = safeReturnPath(form.returnTo);
  const parsed = DismissForm.safeParse(form);
  if (!parsed.success) {
    if (!navigation) return data({ error: "That is not a notice." }, 400);
    return redirect(formRefusedLocation("unreadable", { path: back, referer: new URL(back, request.url).href, host: new URL(request.url).host }), 303);
  }
  const shopper = context.shopper;
  if (shopper?.customer || shopper?.actingFor) {
    try {
      const { notices } = await dismissSiteNotification(clientContext(context), parsed.data.key);
      const kept = shopper.customerDetails;
      if (kept) await shopper.rememberCustomerDetails({ ...kept, notices });
    } catch (err) {
      if (!(err instanceof ApiError) || err.status >= 500 || err.status === 0) throw err;
      // Not one of the customer's current notices: nothing to hide; the header reads its notices again.
      if (shopper.customerDetails) await shopper.rememberCustomerDetails(undefined);
    }
  }
  return navigation ? redirect(back, 303) : data({ dismissed: parsed.data.key });
}

export function loader() {
  return redirect("/");
}

import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { formatDate, formatLocale } from "../../lib/format";
import { format } from "../brands/locale";
import { registrationMessages } from "../brands/registration-messages";
import { clientContext } from "../lib/api-client.server";
import { requireAccountHolder } from "../lib/account-guard.server";
import { notFoundPage, orFailedPage } from "../lib/page-errors.server";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";
import { shopMeta, useShop } from "../lib/shop";
import { registeredBrewers } from "../models/brewer-registration.server";

/** /register-brewer/welcome?sn=: the brewer just registered and the account's welcome coupon, with a way to use it. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  requireAccountHolder(request, context);
  const serial = (new URL(request.url).searchParams.get("sn") ?? "").toUpperCase().replace(/[\s-]+/g, "");
  const { brewers, coupon } = await orFailedPage(registeredBrewers(clientContext(context)));
  const brewer = brewers.find((b) => b.serialNumber === serial);
  if (!brewer) notFoundPage();
  return { brewer, coupon };
}

export const meta: MetaFunction = ({ matches }) => {
  const { lang, brand } = shopMeta(matches);
  return [{ title: registrationMessages(lang, brand?.id).welcomeTitle }, { name: "robots", content: "noindex" }];
};

export default function WelcomePage() {
  const { brewer, coupon } = useLoaderData<typeof loader>();
  const { lang, brand } = useShop();
  const t = registrationMessages(lang, brand.id);
  return (
    <div className="narrow-page account-page">
      <h1>{t.welcomeTitle}</h1>
      <p role="status">{format(t.welcomeSerial, { model: brewer.model.name, serial: brewer.displaySerial })}</p>
      {coupon ? (
        <section aria-labelledby="coupon-heading" className="welcome-coupon">
          <h2 id="coupon-heading">{t.couponHeading}</h2>
          <p>{coupon.description}</p>
          <p>
            <strong>{format(t.couponCode, { code: coupon.code })}</strong>
          </p>
          {coupon.used ? (
            <p>{t.couponUsed}</p>
          ) : (
            <>
              <p>{format(t.couponValidUntil, { date: formatDate(coupon.validUntil, formatLocale(lang, brand.currency)) })}</p>
              <form method="post" action="/cart/coupon">
                <input type="hidden" name="couponCode" value={coupon.code} />
                <input type="hidden" name="returnTo" value={localePath(lang, "/cart")} />
                <button type="submit" className="button">
                  {t.applyCoupon}
                </button>
              </form>
            </>
          )}
        </section>
      ) : null}
      <p>
        <Link to={localePath(lang, "/account/brewers")}>{t.accountHeading}</Link>
      </p>
    </div>
  );
}

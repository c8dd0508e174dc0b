import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { formatDate, formatLocale } from "../../lib/format";
import { format } from "../brands/locale";
import { registrationMessages } from "../brands/registration-messages";
import { clientContext } from "../lib/api-client.server";
import { requireAccountHolder } from "../lib/account-guard.server";
import { orFailedPage } from "../lib/page-errors.server";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";
import { shopMeta, useShop } from "../lib/shop";
import { registeredBrewers } from "../models/brewer-registration.server";

/** The account's registered brewers, each with its serial and questionnaire, and the welcome coupon. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  requireAccountHolder(request, context);
  return orFailedPage(registeredBrewers(clientContext(context)));
}

export const meta: MetaFunction = ({ matches }) => {
  const { lang, brand } = shopMeta(matches);
  return [{ title: registrationMessages(lang, brand?.id).accountHeading }, { name: "robots", content: "noindex" }];
};

export default function AccountBrewersPage() {
  const { brewers, coupon } = useLoaderData<typeof loader>();
  const { lang, brand } = useShop();
  const t = registrationMessages(lang, brand.id);
  const locale = formatLocale(lang, brand.currency);
  return (
    <section aria-labelledby="brewers-heading">
      <h2 id="brewers-heading">{t.accountHeading}</h2>
      {brewers.length === 0 ? <p>{t.noBrewers}</p> : null}
      <ul className="brewer-list">
        {brewers.map((b) => (
          <li key={b.serialNumber} className="brewer-card">
            <p>
              <Link to={b.model.url}>{b.model.name}</Link>
            </p>
            <p>{format(t.welcomeSerial, { model: b.model.name, serial: b.displaySerial })}</p>
            <p>{format(t.registeredOn, { date: formatDate(b.registeredOn, locale) })}</p>
            {b.questionnaireComplete ? null : (
              <p>
                <Link to={`${localePath(lang, "/register-brewer/questionnaire")}?sn=${b.serialNumber}`}>{t.answerQuestions}</Link>
              </p>
            )}
          </li>
        ))}
      </ul>
      {coupon ? (
        <section aria-labelledby="coupon-heading" className="welcome-coupon">
          <h3 id="coupon-heading">{t.couponHeading}</h3>
          <p>{coupon.description}</p>
          <p>{format(t.couponCode, { code: coupon.code })}</p>
          <p>{coupon.used ? t.couponUsed : format(t.couponValidUntil, { date: formatDate(coupon.validUntil, locale) })}</p>
        </section>
      ) : null}
      <p>
        <Link to={localePath(lang, "/register-brewer")}>{t.registerAnother}</Link>
      </p>
    </section>
  );
}

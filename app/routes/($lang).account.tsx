import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { perksMessages } from "../brands/perks-messages";
import { referralMessages } from "../brands/referral-messages";
import { registrationMessages } from "../brands/registration-messages";
import { designMessages } from "../brands/design-messages";
import { usePerks } from "../lib/perks";
import { NavLink, Outlet } from "react-router";
import { requireAccountHolder } from "../lib/account-guard.server";
import { useAccountText } from "../lib/account-page";
import { localePath } from "../lib/paths";
import type { AnalyticsHandle } from "../lib/data-layer";
import { requireLangSegment } from "../lib/route-guards.server";

/** The account area: signed-in customers (or an agent acting for one) only, never cached. */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  requireAccountHolder(request, context);
  // The programs' tab names in the page's language only: a script importing their phrase modules would carry every language.
  const { lang, brand } = context;
  return {
    tabs: {
      perks: perksMessages(lang, brand.id).perksTab,
      brewers: registrationMessages(lang, brand.id).accountTab,
      referrals: referralMessages(lang, brand.id).accountTab,
      designs: designMessages(lang, brand.id).accountTab,
    },
  };
}

/** Every account page's data layer names it an account page (the pages inside say nothing more). */
export const handle: AnalyticsHandle = { analytics: () => ({ pageType: "account" }) };

export default function AccountLayout() {
  const { lang, t } = useAccountText();
  const { tabs } = useLoaderData<typeof loader>();
  const perks = usePerks();
  return (
    <div className="account-area">
      <h1>{t.accountTitle}</h1>
      <nav aria-label={t.accountNav} className="account-nav">
        <NavLink to={localePath(lang, "/account")} end>
          {t.profileTab}
        </NavLink>
        <NavLink to={localePath(lang, "/account/addresses")}>{t.addressesTab}</NavLink>
        <NavLink to={localePath(lang, "/account/orders")}>{t.ordersTab}</NavLink>
        <NavLink to={localePath(lang, "/account/auto-delivery")}>{t.autoDeliveryTab}</NavLink>
        {perks.enabled ? <NavLink to={localePath(lang, "/account/perks")}>{tabs.perks}</NavLink> : null}
        <NavLink to={localePath(lang, "/account/brewers")}>{tabs.brewers}</NavLink>
        <NavLink to={localePath(lang, "/account/referrals")}>{tabs.referrals}</NavLink>
        <NavLink to={localePath(lang, "/account/designs")}>{tabs.designs}</NavLink>
      </nav>
      <Outlet />
    </div>
  );
}

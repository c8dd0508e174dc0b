import type { LoaderFunctionArgs } from "react-router";
import { perksMessages } from "../brands/perks-messages";
import { referralMessages } from "../brands/referral-messages";
import { registrationMessages } from "../brands/registration-messages";
import { designMessages } from "../brands/design-messages";
import { usePerks } from "../lib/perks";
import { NavLink, Outlet } from "react-router";
import { requireAccountHolder } from "../lib/account-guard.server";
import { useAccountText } from "../lib/account-page";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";

/** The account area: signed-in customers (or an agent acting for one) only, never cached. */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  requireAccountHolder(request, context);
  return null;
}

export default function AccountLayout() {
  const { lang, brand, t } = useAccountText();
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
        {perks.enabled ? <NavLink to={localePath(lang, "/account/perks")}>{perksMessages(lang, brand.id).perksTab}</NavLink> : null}
        <NavLink to={localePath(lang, "/account/brewers")}>{registrationMessages(lang, brand.id).accountTab}</NavLink>
        <NavLink to={localePath(lang, "/account/referrals")}>{referralMessages(lang, brand.id).accountTab}</NavLink>
        <NavLink to={localePath(lang, "/account/designs")}>{designMessages(lang, brand.id).accountTab}</NavLink>
      </nav>
      <Outlet />
    </div>
  );
}

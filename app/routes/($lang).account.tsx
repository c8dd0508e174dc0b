import type { LoaderFunctionArgs } from "@remix-run/node";
import { NavLink, Outlet } from "@remix-run/react";
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
  const { lang, t } = useAccountText();
  return (
    <div className="account-area">
      <h1>{t.accountTitle}</h1>
      <nav aria-label={t.accountNav} className="account-nav">
        <NavLink to={localePath(lang, "/account")} end>
          {t.profileTab}
        </NavLink>
        <NavLink to={localePath(lang, "/account/addresses")}>{t.addressesTab}</NavLink>
        <NavLink to={localePath(lang, "/account/orders")}>{t.ordersTab}</NavLink>
      </nav>
      <Outlet />
    </div>
  );
}
